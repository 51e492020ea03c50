import type { SandboxMode } from "../machines/local/localOptions.ts";
import { UsageError } from "./usage.ts";

const SANDBOX_MODES: readonly SandboxMode[] = ["bwrap", "unconfined", "auto"];

/** GUILDS_SANDBOX: bwrap, unconfined or auto (the default). */
export function sandboxFromEnvironment(environment: NodeJS.ProcessEnv): SandboxMode {
  const raw = environment.GUILDS_SANDBOX?.trim();
  if (raw === undefined || raw === "") return "auto";
  const mode = SANDBOX_MODES.find((candidate) => candidate === raw);
  if (mode) return mode;
  throw new UsageError(
    `GUILDS_SANDBOX must be bwrap, unconfined or auto (got ${JSON.stringify(raw)}); unset it for auto.`,
  );
}

const DEFAULT_PORT = 7777;

/** The server's port: --port, else $PORT, else 7777. */
export function serverPort(flag: string | undefined, environment: NodeJS.ProcessEnv): number {
  const [raw, source] = flag !== undefined ? [flag, "--port"] : [environment.PORT, "PORT"];
  if (raw === undefined || raw.trim() === "") return DEFAULT_PORT;
  const port = Number(raw);
  if (/^\d+$/.test(raw.trim()) && port >= 1 && port <= 65_535) return port;
  throw new UsageError(`${source} must be a port number from 1 to 65535 (got ${JSON.stringify(raw)}).`);
}

const DEFAULT_HOST = "127.0.0.1";

/** The address the server listens on: $HOST, else 127.0.0.1 (this host only). */
export function serverHost(environment: NodeJS.ProcessEnv): string {
  const raw = environment.HOST?.trim();
  return raw === undefined || raw === "" ? DEFAULT_HOST : raw;
}
