import type { RunEventEnvelope, RunStatus } from "@guilds/protocol/runEvents";
import { Counter, Gauge } from "prom-client";
import { metricsRegistry } from "./metricsRegistry.ts";
import { toolCallFinished, toolCallStarted } from "./toolCallMetrics.ts";

/** The store's runs by status, read at each scrape. */
export type RunCounts = () => Promise<Partial<Record<RunStatus, number>>>;

let runCounts: RunCounts | null = null;

const runs = new Gauge({
  name: "guilds_runs",
  help: "Runs in the store by status (running: in progress now; the others: ended so, all time)",
  labelNames: ["status"] as const,
  registers: [metricsRegistry],
  async collect() {
    if (runCounts === null) return;
    this.reset();
    for (const [status, count] of Object.entries(await runCounts())) this.set({ status }, count);
  },
});

const runsStarted = new Counter({
  name: "guilds_runs_started_total",
  help: "Runs started by this server",
  registers: [metricsRegistry],
});

const runsEnded = new Counter({
  name: "guilds_runs_ended_total",
  help: "Runs this server ended, by how they ended",
  labelNames: ["status"] as const,
  registers: [metricsRegistry],
});

/** Where guilds_runs reads the store's counts (the server's store; a later call replaces it). */
export function countRunsFrom(counts: RunCounts): void {
  runCounts = counts;
  runs.reset();
}

/** Every event the bus stores passes here: runs and tool calls are counted from their events. */
export function countRunEvent(envelope: RunEventEnvelope): void {
  const event = envelope.data;
  if (event.type === "tool.finished") toolCallFinished(event);
  else if (event.type === "tool.started") toolCallStarted(event);
  else if (event.type === "run.started") runsStarted.inc();
  else if (event.type === "run.ended") runsEnded.inc({ status: event.status });
}
