import type { MachineLimits } from "../machineLimits.ts";

/** One file of a machine's group written with a limit, and the controller that has it. */
export interface LimitWrite {
  readonly controller: string;
  readonly file: string;
  readonly value: string;
  /** Without it the machine would not be bounded: a failed write fails the start. */
  readonly required: boolean;
}

const CPU_PERIOD_US = 100_000;
/** Machines get half the default IO weight: the server's own writes go first. */
const IO_WEIGHT = 50;

/**
 * The files that carry a machine's limits, in the order they must be written (v1 refuses a
 * memory+swap limit below the memory limit, so memory comes first).
 */
export function limitWrites(version: 1 | 2, limits: MachineLimits): LimitWrite[] {
  const quota = String(Math.max(1_000, Math.round(limits.cpus * CPU_PERIOD_US)));
  const memory = String(limits.memoryBytes);
  if (version === 1) {
    return [
      { controller: "pids", file: "pids.max", value: String(limits.pids), required: true },
      { controller: "memory", file: "memory.limit_in_bytes", value: memory, required: true },
      // Present only with swap accounting; with it, equal to the limit means no swap.
      { controller: "memory", file: "memory.memsw.limit_in_bytes", value: memory, required: false },
      { controller: "memory", file: "memory.swappiness", value: "0", required: false },
      { controller: "cpu", file: "cpu.cfs_period_us", value: String(CPU_PERIOD_US), required: false },
      { controller: "cpu", file: "cpu.cfs_quota_us", value: quota, required: false },
      {
        controller: "cpu",
        file: "cpu.shares",
        value: String(Math.max(2, Math.round(1024 * limits.cpus))),
        required: false,
      },
      { controller: "blkio", file: "blkio.weight", value: String(IO_WEIGHT * 10), required: false },
      { controller: "blkio", file: "blkio.bfq.weight", value: String(IO_WEIGHT * 10), required: false },
    ];
  }
  return [
    { controller: "pids", file: "pids.max", value: String(limits.pids), required: true },
    { controller: "memory", file: "memory.max", value: memory, required: true },
    { controller: "memory", file: "memory.swap.max", value: "0", required: false },
    { controller: "cpu", file: "cpu.max", value: `${quota} ${CPU_PERIOD_US}`, required: false },
    {
      controller: "cpu",
      file: "cpu.weight",
      value: String(Math.min(10_000, Math.max(1, Math.round(100 * limits.cpus)))),
      required: false,
    },
    { controller: "io", file: "io.weight", value: `default ${IO_WEIGHT}`, required: false },
  ];
}
