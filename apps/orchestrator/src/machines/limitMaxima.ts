import { parseByteSize } from "@guilds/protocol/byteSize";
import { GuildsError } from "@guilds/protocol/guildsError";
import { type AgentLimitName, limitValueProblem } from "./limitValues.ts";

/**
 * The server's bounds on every agent's machine, from the environment: each maximum absent when its
 * variable is unset (no maximum: an agent without a setting of its own gets the default), and the
 * size of each machine's tmpfs, which is the server's to choose rather than the agent's.
 */
export interface MachineLimitMaxima {
  readonly pids?: number;
  readonly memoryBytes?: number;
  readonly cpus?: number;
  readonly diskBytes?: number;
  /** GUILDS_TMPFS_SIZE: not a maximum but each tmpfs's size; absent: the default (256 MiB). */
  readonly tmpfsBytes?: number;
}

export const MAXIMUM_VARIABLES: Record<AgentLimitName, string> = {
  pids: "GUILDS_MAX_PIDS",
  memoryBytes: "GUILDS_MAX_MEMORY",
  cpus: "GUILDS_MAX_CPUS",
  diskBytes: "GUILDS_MAX_DISK",
};
export const TMPFS_SIZE_VARIABLE = "GUILDS_TMPFS_SIZE";

/** The maxima and tmpfs size set in `environment`; {} when none is. An invalid value is config.invalid. */
export function machineLimitMaximaFrom(environment: NodeJS.ProcessEnv): MachineLimitMaxima {
  const maxima: { -readonly [Name in keyof MachineLimitMaxima]: number } = {};
  for (const [name, variable] of Object.entries(MAXIMUM_VARIABLES) as [AgentLimitName, string][]) {
    const value = readSetting(environment, variable, name);
    if (value !== undefined) maxima[name] = value;
  }
  const tmpfs = readSetting(environment, TMPFS_SIZE_VARIABLE, "memoryBytes");
  if (tmpfs !== undefined) maxima.tmpfsBytes = tmpfs;
  return maxima;
}

function readSetting(
  environment: NodeJS.ProcessEnv,
  variable: string,
  kind: AgentLimitName,
): number | undefined {
  const text = environment[variable]?.trim() ?? "";
  if (text === "") return undefined;
  const isSize = kind === "memoryBytes" || kind === "diskBytes";
  const value = isSize ? parseByteSize(text) : /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  const problem =
    value === null
      ? isSize
        ? "must be a size such as 8G, 512M or 1073741824 (bytes)"
        : `must be a number such as ${kind === "pids" ? "4096" : "4 or 0.5"}`
      : limitValueProblem(kind, value);
  if (value !== null && problem === undefined) return value;
  const unset = variable === TMPFS_SIZE_VARIABLE ? "for the default of 256M" : "for no maximum";
  throw new GuildsError(
    "config.invalid",
    `Invalid environment: ${variable} ${problem} (got ${JSON.stringify(text)}); fix it, or unset it ${unset}.`,
  );
}
