import { formatByteSize } from "./machineLimits.ts";

/** The limits an agent may set for itself; the tmpfs size is the server's alone. */
export const AGENT_LIMIT_NAMES = ["pids", "memoryBytes", "cpus", "diskBytes"] as const;
export type AgentLimitName = (typeof AGENT_LIMIT_NAMES)[number];

/** Linux's own ceiling on process ids (PID_MAX_LIMIT). */
const MAX_PIDS = 4_194_304;
/** cgroup v2's smallest CPU quota is 1 ms per 100 ms period. */
const MIN_CPUS = 0.01;
/** Below this a harness CLI cannot even start; it also catches "4" meant as gigabytes. */
const MIN_SIZE_BYTES = 1024 * 1024;

/** Why `value` cannot be that limit, as a phrase to follow its name ("must be ..."); undefined when it can. */
export function limitValueProblem(name: AgentLimitName, value: number): string | undefined {
  if (name === "pids") {
    return Number.isInteger(value) && value >= 1 && value <= MAX_PIDS
      ? undefined
      : `must be a whole number of processes from 1 to ${MAX_PIDS}`;
  }
  if (name === "cpus") {
    return Number.isFinite(value) && value >= MIN_CPUS
      ? undefined
      : `must be a number of CPUs, at least ${MIN_CPUS} (0.5 is half of one)`;
  }
  return Number.isSafeInteger(value) && value >= MIN_SIZE_BYTES
    ? undefined
    : `must be a whole number of bytes, at least ${MIN_SIZE_BYTES} (1 MiB)`;
}

/** 4294967296 bytes -> "4 GiB", 2 cpus -> "2 CPUs", 1024 pids -> "1024 processes". */
export function formatLimit(name: AgentLimitName, value: number): string {
  if (name === "pids") return `${value} processes`;
  if (name === "cpus") return `${value} ${value === 1 ? "CPU" : "CPUs"}`;
  return formatByteSize(value);
}

/** How the API and the CLI call each limit. */
export const LIMIT_LABELS: Record<AgentLimitName, string> = {
  pids: "pids",
  memoryBytes: "memory",
  cpus: "cpus",
  diskBytes: "disk",
};
