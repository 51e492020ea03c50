import { GuildsError } from "@guilds/protocol/guildsError";
import { DEFAULT_LIMIT_SETTINGS, effectiveLimits } from "../machines/effectiveLimits.ts";
import { type MachineLimitMaxima, machineLimitMaximaFrom } from "../machines/limitMaxima.ts";
import type { SandboxMode, SeccompSetting } from "../machines/local/localOptions.ts";
import type { LocalAgentLimits } from "./localAgent.ts";

const SANDBOX_MODES: readonly SandboxMode[] = ["bwrap", "unconfined", "auto"];

/** GUILDS_SANDBOX: bwrap, unconfined or auto (the default, the same as bwrap). */
export function sandboxFromEnvironment(environment: NodeJS.ProcessEnv): SandboxMode {
  const raw = environment.GUILDS_SANDBOX?.trim();
  if (raw === undefined || raw === "") return "auto";
  const mode = SANDBOX_MODES.find((candidate) => candidate === raw);
  if (mode) return mode;
  throw new GuildsError(
    "cli.usage",
    `GUILDS_SANDBOX must be bwrap, unconfined or auto (got ${JSON.stringify(raw)}); unset it for auto.`,
  );
}

/** GUILDS_SECCOMP: on (the default: the machines' seccomp filter) or off. */
export function seccompFromEnvironment(environment: NodeJS.ProcessEnv): SeccompSetting {
  const raw = environment.GUILDS_SECCOMP?.trim();
  if (raw === undefined || raw === "" || raw === "on") return "on";
  if (raw === "off") return "off";
  throw new GuildsError(
    "cli.usage",
    `GUILDS_SECCOMP must be on or off (got ${JSON.stringify(raw)}); unset it for on.`,
  );
}

/** GUILDS_LIMITS (on or off) and the GUILDS_MAX_* maxima: what a CLI machine gets, as a server's would. */
export function limitsFromEnvironment(environment: NodeJS.ProcessEnv): LocalAgentLimits {
  const raw = environment.GUILDS_LIMITS?.trim();
  if (raw !== undefined && raw !== "" && raw !== "on" && raw !== "off") {
    throw new GuildsError(
      "cli.usage",
      `GUILDS_LIMITS must be on or off (got ${JSON.stringify(raw)}); unset it for on.`,
    );
  }
  let maxima: MachineLimitMaxima;
  try {
    maxima = machineLimitMaximaFrom(environment);
  } catch (caught) {
    throw new GuildsError("cli.usage", caught instanceof Error ? caught.message : String(caught));
  }
  return { off: raw === "off", limits: effectiveLimits(DEFAULT_LIMIT_SETTINGS, maxima) };
}

const DEFAULT_PORT = 7777;

/** The server's port: --port, else $PORT, else 7777. */
export function serverPort(flag: string | undefined, environment: NodeJS.ProcessEnv): number {
  const [raw, source] = flag !== undefined ? [flag, "--port"] : [environment.PORT, "PORT"];
  if (raw === undefined || raw.trim() === "") return DEFAULT_PORT;
  const port = Number(raw);
  if (/^\d+$/.test(raw.trim()) && port >= 1 && port <= 65_535) return port;
  throw new GuildsError(
    "cli.usage",
    `${source} must be a port number from 1 to 65535 (got ${JSON.stringify(raw)}).`,
  );
}

const DEFAULT_HOST = "127.0.0.1";

/** The address the server listens on: $HOST, else 127.0.0.1 (this host only). */
export function serverHost(environment: NodeJS.ProcessEnv): string {
  const raw = environment.HOST?.trim();
  return raw === undefined || raw === "" ? DEFAULT_HOST : raw;
}
