import { Counter } from "prom-client";
import { metricsRegistry } from "./metricsRegistry.ts";

/**
 * The machine limits that stop work: a command's memory (the OOM killer) or processes (a refused
 * fork), from its call's `limit_hit`; a container held at its process limit; a home past its disk
 * limit. The CPU limit only slows a machine down, and is not counted.
 */
export type HitLimit = "memory" | "processes" | "disk";

const limitHits = new Counter({
  name: "guilds_machine_limit_hits_total",
  help: "Machine limits hit, by limit (memory, processes, disk)",
  labelNames: ["limit"] as const,
  registers: [metricsRegistry],
});

export function countLimitHit(limit: HitLimit): void {
  limitHits.inc({ limit });
}
