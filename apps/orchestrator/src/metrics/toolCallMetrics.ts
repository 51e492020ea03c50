import type { RunEventOf } from "@guilds/protocol/runEvents";
import { toolContractOf } from "@guilds/protocol/tools/registry";
import { Counter, Histogram } from "prom-client";
import { countLimitHit } from "./limitHitMetrics.ts";
import { metricsRegistry } from "./metricsRegistry.ts";

/** A name the model made up is no tool: it is counted under one label, not one label per name. */
const UNKNOWN_TOOL = "unknown";

const toolCalls = new Counter({
  name: "guilds_tool_calls_total",
  help: "Tool calls ended, by tool and status",
  labelNames: ["tool", "status"] as const,
  registers: [metricsRegistry],
});

const toolCallSeconds = new Histogram({
  name: "guilds_tool_call_duration_seconds",
  help: "A tool call's time from its start to its result, by tool",
  labelNames: ["tool"] as const,
  // A check tool takes milliseconds, a shell up to 10 minutes, a code task longer.
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers: [metricsRegistry],
});

/** tool.started's time by tool call id, until its tool.finished. */
const startedAt = new Map<string, number>();

export function toolCallStarted(event: RunEventOf<"tool.started">): void {
  startedAt.set(event.tool_call_id, performance.now());
}

/**
 * A call that ended without starting here (never run, or interrupted by an earlier server's end)
 * is counted without a duration.
 */
export function toolCallFinished(event: RunEventOf<"tool.finished">): void {
  const tool = toolContractOf(event.name) === undefined ? UNKNOWN_TOOL : event.name;
  toolCalls.inc({ tool, status: event.status });
  const started = startedAt.get(event.tool_call_id);
  if (started !== undefined) {
    startedAt.delete(event.tool_call_id);
    toolCallSeconds.observe({ tool }, (performance.now() - started) / 1000);
  }
  const hit = event.metadata.limit_hit;
  if (hit === "memory" || hit === "processes") countLimitHit(hit);
}
