import os from "node:os";
import path from "node:path";
import { parseByteSize } from "@guilds/protocol/byteSize";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { HarnessName } from "@guilds/protocol/harness";
import { z } from "zod";
import { DEFAULT_LOG_LEVEL, isLogLevel, LOG_LEVELS, type LogLevel } from "./logging/logLevel.ts";
import { type MachineLimitMaxima, machineLimitMaximaFrom } from "./machines/limitMaxima.ts";
import { parseHarnessesOff } from "./tools/codeTask/codeTask.ts";

/** The server's settings, read once from the environment. */
export interface Config {
  /** GUILDS_HOME: the data directory (default ~/.guilds): the SQLite database, the secret key file. */
  readonly home: string;
  /**
   * GUILDS_MACHINES_DIR: where each agent's machine (its home included) gets a folder, <dir>/<agent
   * id> (default <home>/machines). Another filesystem than the store's keeps an agent that fills its
   * disk from filling the database's.
   */
  readonly machinesDir: string;
  readonly database: DatabaseLocation;
  /**
   * GUILDS_SECRET_KEY: base64 of the 32-byte key that encrypts secrets at rest; when unset, the key
   * file <home>/secret.key is used (created on first use). Never log it.
   */
  readonly secretKey: string | undefined;
  /**
   * GUILDS_HARNESS_DIR: the npm prefix `guilds harness install` fills with the harness CLIs, seen
   * read-only by every machine (default <home>/harnesses).
   */
  readonly harnessDir: string;
  /**
   * GUILDS_SANDBOX_NETWORK: "isolated" (default, loopback only), "host" (this host's network), or,
   * for container machines only, "egress" (out to the internet, never to this host or private ranges).
   */
  readonly sandboxNetwork: "isolated" | "host" | "egress";
  /** GUILDS_MACHINE_PROVIDER: "local" (default: bubblewrap on this host) or "docker" (a container per machine). */
  readonly machineProvider: "local" | "docker";
  /** GUILDS_SANDBOX_IMAGE: the base image the docker provider's sandbox image was built from (`guilds image build --base`). */
  readonly sandboxImage?: string;
  /** GUILDS_SECCOMP: "on" (default, the machines' seccomp filter) or "off" (none, warned at every start). */
  readonly sandboxSeccomp: "on" | "off";
  /**
   * GUILDS_LIMITS: "on" (default: each machine in a cgroup of its own with its limits; a machine whose
   * cgroup cannot be made does not start) or "off" (no limits, warned at every start).
   */
  readonly machineLimitsMode: "on" | "off";
  /** GUILDS_HARNESSES_OFF: the harnesses code_task refuses with harness.off; absent when none is. */
  readonly harnessesOff?: readonly HarnessName[];
  /**
   * GUILDS_MAX_PIDS, GUILDS_MAX_MEMORY, GUILDS_MAX_CPUS, GUILDS_MAX_DISK (the most an agent's machine
   * may get) and GUILDS_TMPFS_SIZE; absent when none is set.
   */
  readonly machineLimits?: MachineLimitMaxima;
  /**
   * GUILDS_MCP_IDLE_MINUTES (default 60): an MCP session over HTTP with no request and no call running
   * for this long is closed and its run ended; its client starts a new one when it comes back.
   */
  readonly mcpIdleMs: number;
  /**
   * GUILDS_READY_MIN_FREE_DISK: /readyz fails while the data folder's disk (or the machines folder's)
   * has less free space; absent: DEFAULT_MIN_FREE_DISK_BYTES (server/health/diskSpaceCheck.ts).
   */
  readonly readyMinFreeDiskBytes?: number;
  /** GUILDS_CORS_ORIGINS: the other origins whose pages may call the API; absent: none (CORS off). */
  readonly corsOrigins?: readonly string[];
  /**
   * GUILDS_ALLOWED_HOSTS: the host names the server answers to besides localhost, 127.0.0.1 and
   * [::1] (and an address it was reached at); "*" is any. Absent: those alone.
   */
  readonly allowedHosts?: readonly string[];
  /** GUILDS_METRICS_TOKEN: the bearer token /metrics wants; absent: /metrics answers this host alone. */
  readonly metricsToken?: string;
  /** GUILDS_LOG_LEVEL: the least a line must be to be written; absent: DEFAULT_LOG_LEVEL (info). */
  readonly logLevel?: LogLevel;
}

const DEFAULT_MCP_IDLE_MINUTES = 60;

/** SQLite by default; DATABASE_URL=postgres://... selects PostgreSQL. */
export type DatabaseLocation =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly url: string };

const SECRET_KEY_BYTES = 32;

/** Unset and empty mean the same: the default. */
const optionalSetting = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const Environment = z.object({
  GUILDS_HOME: optionalSetting,
  DATABASE_URL: optionalSetting.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    "must be a PostgreSQL URL (postgres://user:password@host:5432/database); unset it to use SQLite in GUILDS_HOME",
  ),
  GUILDS_HARNESS_DIR: optionalSetting,
  GUILDS_MACHINES_DIR: optionalSetting,
  GUILDS_SECCOMP: optionalSetting.refine(
    (value) => value === undefined || value === "on" || value === "off",
    'must be "on" (machines run under their seccomp filter; needs python3-seccomp) or "off" (no filter, not recommended: a warning at every machine start)',
  ),
  GUILDS_LIMITS: optionalSetting.refine(
    (value) => value === undefined || value === "on" || value === "off",
    'must be "on" (each machine gets its processes, memory and CPU limits from a cgroup; needs root or a delegated cgroup) or "off" (no limits, not recommended: a warning at every machine start)',
  ),
  GUILDS_SANDBOX_NETWORK: optionalSetting.refine(
    (value) => value === undefined || value === "isolated" || value === "host" || value === "egress",
    'must be "isolated" (machines get a loopback of their own), "host" (machines share this host\'s network, so harness CLIs reach their model API) or, with GUILDS_MACHINE_PROVIDER=docker, "egress" (out to the internet only)',
  ),
  GUILDS_MACHINE_PROVIDER: optionalSetting.refine(
    (value) => value === undefined || value === "local" || value === "docker",
    'must be "local" (bubblewrap sandboxes on this host, the default) or "docker" (a container per machine, on Docker or Podman: DOCKER_HOST, default /var/run/docker.sock)',
  ),
  GUILDS_SANDBOX_IMAGE: optionalSetting,
  GUILDS_MCP_IDLE_MINUTES: optionalSetting.refine(
    (value) => value === undefined || (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0),
    `must be a number of minutes above 0, e.g. 60 (the default); an MCP session idle this long is closed`,
  ),
  GUILDS_READY_MIN_FREE_DISK: optionalSetting.refine(
    (value) => value === undefined || parseByteSize(value) !== null,
    "must be a size, e.g. 1G or 500MiB; /readyz fails while the data folder's disk has less free",
  ),
  GUILDS_CORS_ORIGINS: optionalSetting.refine(
    (value) => value === undefined || listSetting(value).every(isOrigin),
    "must list origins, comma-separated, each scheme://host[:port] without a path (e.g. https://ops.example.com); unset it to keep CORS off",
  ),
  GUILDS_ALLOWED_HOSTS: optionalSetting.refine(
    (value) => value === undefined || listSetting(value).every(isHostName),
    'must list host names, comma-separated, without scheme or port (e.g. guilds.example.com,10.0.0.5), or "*" for any',
  ),
  GUILDS_LOG_LEVEL: optionalSetting.refine(
    (value) => value === undefined || isLogLevel(value),
    `must be one of ${LOG_LEVELS.join(", ")} (default ${DEFAULT_LOG_LEVEL})`,
  ),
  GUILDS_METRICS_TOKEN: optionalSetting.refine(
    (value) => value === undefined || /^\S{16,}$/.test(value),
    "must be at least 16 characters without spaces (e.g. `openssl rand -hex 32`); unset it to let only this host read /metrics",
  ),
  GUILDS_SECRET_KEY: optionalSetting.refine(
    (value) => value === undefined || isBase64Key(value),
    `must be base64 of ${SECRET_KEY_BYTES} random bytes (e.g. \`openssl rand -base64 32\`); unset it to use <GUILDS_HOME>/secret.key`,
  ),
});

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new GuildsError("config.invalid", `Invalid environment: ${problems.join("; ")}.`);
  }
  const settings = parsed.data;
  if (settings.GUILDS_SANDBOX_NETWORK === "egress" && settings.GUILDS_MACHINE_PROVIDER !== "docker") {
    throw new GuildsError(
      "config.invalid",
      'Invalid environment: GUILDS_SANDBOX_NETWORK "egress" needs GUILDS_MACHINE_PROVIDER=docker (a local machine is "isolated" or "host").',
    );
  }
  const home = path.resolve(settings.GUILDS_HOME ?? defaultHome());
  const database: DatabaseLocation =
    settings.DATABASE_URL === undefined
      ? { kind: "sqlite", path: path.join(home, "guilds.db") }
      : { kind: "postgres", url: settings.DATABASE_URL };
  return Object.freeze({
    home,
    database: Object.freeze(database),
    secretKey: settings.GUILDS_SECRET_KEY,
    harnessDir: path.resolve(settings.GUILDS_HARNESS_DIR ?? path.join(home, "harnesses")),
    machinesDir: path.resolve(settings.GUILDS_MACHINES_DIR ?? path.join(home, "machines")),
    sandboxNetwork: networkSetting(settings.GUILDS_SANDBOX_NETWORK),
    machineProvider: settings.GUILDS_MACHINE_PROVIDER === "docker" ? "docker" : "local",
    ...(settings.GUILDS_SANDBOX_IMAGE === undefined ? {} : { sandboxImage: settings.GUILDS_SANDBOX_IMAGE }),
    sandboxSeccomp: settings.GUILDS_SECCOMP === "off" ? "off" : "on",
    machineLimitsMode: settings.GUILDS_LIMITS === "off" ? "off" : "on",
    mcpIdleMs: Number(settings.GUILDS_MCP_IDLE_MINUTES ?? DEFAULT_MCP_IDLE_MINUTES) * 60_000,
    ...(settings.GUILDS_LOG_LEVEL === undefined ? {} : { logLevel: settings.GUILDS_LOG_LEVEL as LogLevel }),
    ...httpSettings(settings),
    ...harnessesOffSetting(environment.GUILDS_HARNESSES_OFF),
    ...machineLimitsSetting(environment),
  });
}

function networkSetting(raw: string | undefined): Config["sandboxNetwork"] {
  return raw === "host" || raw === "egress" ? raw : "isolated";
}

function httpSettings(
  settings: z.infer<typeof Environment>,
): Pick<Config, "readyMinFreeDiskBytes" | "corsOrigins" | "allowedHosts" | "metricsToken"> {
  const minFree = settings.GUILDS_READY_MIN_FREE_DISK;
  const origins = settings.GUILDS_CORS_ORIGINS;
  const hosts = settings.GUILDS_ALLOWED_HOSTS;
  const metricsToken = settings.GUILDS_METRICS_TOKEN;
  return {
    ...(minFree === undefined ? {} : { readyMinFreeDiskBytes: parseByteSize(minFree) ?? 0 }),
    ...(origins === undefined ? {} : { corsOrigins: Object.freeze(listSetting(origins)) }),
    ...(hosts === undefined
      ? {}
      : { allowedHosts: Object.freeze(listSetting(hosts).map((host) => host.toLowerCase())) }),
    ...(metricsToken === undefined ? {} : { metricsToken }),
  };
}

function listSetting(raw: string): string[] {
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** A name or an address as a Host header carries it, without the port ([::1] for IPv6). */
function isHostName(value: string): boolean {
  return value === "*" || /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)$/i.test(value);
}

function harnessesOffSetting(raw: string | undefined): { harnessesOff?: readonly HarnessName[] } {
  const off = parseHarnessesOff(raw);
  return off.length === 0 ? {} : { harnessesOff: Object.freeze(off) };
}

function machineLimitsSetting(environment: NodeJS.ProcessEnv): { machineLimits?: MachineLimitMaxima } {
  const maxima = machineLimitMaximaFrom(environment);
  return Object.keys(maxima).length === 0 ? {} : { machineLimits: Object.freeze(maxima) };
}

function isBase64Key(value: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === SECRET_KEY_BYTES;
}

/**
 * ~/.guilds, except for root: the sandbox user must be able to reach the agents' homes under it,
 * and root's own home (mode 0700) is closed to every other user, so root keeps its data where a
 * service does.
 */
function defaultHome(): string {
  return process.getuid?.() === 0 ? "/var/lib/guilds" : path.join(os.homedir(), ".guilds");
}
