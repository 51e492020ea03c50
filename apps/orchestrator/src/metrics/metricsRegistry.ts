import { collectDefaultMetrics, Registry } from "prom-client";

/** Every metric's name starts so (Prometheus' convention: the application's name, then the unit). */
export const METRIC_PREFIX = "guilds_";

/**
 * The server's metrics, one registry per process: the run engine, the machines, the store and the
 * HTTP app count into it without being handed it. A process that serves nothing (a CLI command)
 * counts too, and nobody reads it.
 */
export const metricsRegistry = new Registry();

let processMetricsOn = false;

/** Node's own metrics (CPU, memory, event loop lag, GC, handles), prefixed; once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: METRIC_PREFIX });
}
