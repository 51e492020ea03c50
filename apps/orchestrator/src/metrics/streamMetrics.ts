import { Gauge, Histogram } from "prom-client";
import { metricsRegistry } from "./metricsRegistry.ts";

const subscribers = new Gauge({
  name: "guilds_sse_subscribers",
  help: "Event streams (SSE) open now",
  registers: [metricsRegistry],
});

const deliveryDelay = new Histogram({
  name: "guilds_event_delivery_delay_seconds",
  help: "From an event's creation to its write to a live event stream",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/** One event stream, from its opening to `close()`. */
export interface StreamMeter {
  /** An event written to the stream: its delay, unless it is older than the stream (a replay). */
  delivered(createdAt: string): void;
  close(): void;
}

export function meterStream(): StreamMeter {
  const opened = Date.now();
  let open = true;
  subscribers.inc();
  return {
    delivered(createdAt) {
      const created = Date.parse(createdAt);
      if (created >= opened) deliveryDelay.observe((Date.now() - created) / 1000);
    },
    close() {
      if (!open) return;
      open = false;
      subscribers.dec();
    },
  };
}
