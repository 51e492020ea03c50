export { formatByteSize, parseByteSize } from "@guilds/protocol/byteSize";

/**
 * What one machine may use of this host. They are settings of the agent (null: the default),
 * bounded by the server's maxima, and every provider maps them onto its own mechanism (cgroups for
 * the local provider, the engine's limits for a container).
 */
export interface MachineLimits {
  /** Processes and threads at once (pids.max). */
  readonly pids: number;
  /** Memory, tmpfs included, with swap off (memory.max / memory.limit_in_bytes). */
  readonly memoryBytes: number;
  /** CPU ceiling in cores (cpu.max / cfs quota); the share is proportional to it. */
  readonly cpus: number;
  /** The agent home's size. */
  readonly diskBytes: number;
  /** Each tmpfs inside the machine (/tmp, /dev/shm): its size=, charged to the machine's memory. */
  readonly tmpfsBytes: number;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** What an operator would pick for one coding agent. */
export const DEFAULT_MACHINE_LIMITS: MachineLimits = Object.freeze({
  pids: 1024,
  memoryBytes: 4 * GiB,
  cpus: 2,
  diskBytes: 20 * GiB,
  tmpfsBytes: 256 * MiB,
});

/** An agent's own limits: each one unset (null) takes the default. */
export interface AgentLimitSettings {
  readonly pids: number | null;
  readonly memoryBytes: number | null;
  readonly cpus: number | null;
  readonly diskBytes: number | null;
}
