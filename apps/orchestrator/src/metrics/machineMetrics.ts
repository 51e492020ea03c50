import { Counter, Gauge, Histogram } from "prom-client";
import { metricsRegistry } from "./metricsRegistry.ts";

/** What a machine's backend does that is measured (lifecycle/machineBackend.ts). */
interface StartedBackend {
  start(): Promise<void>;
  stop(): Promise<void>;
  alive(): boolean;
}

/** The backends started and not stopped since: those alive are the machines running. */
const started = new Set<StartedBackend>();

new Gauge({
  name: "guilds_machines_running",
  help: "Agents' machines running",
  registers: [metricsRegistry],
  collect() {
    let alive = 0;
    for (const backend of started) if (backend.alive()) alive += 1;
    this.set(alive);
  },
});

const starting = new Gauge({
  name: "guilds_machines_starting",
  help: "Agents' machines starting now",
  registers: [metricsRegistry],
});

const startSeconds = new Histogram({
  name: "guilds_machine_start_duration_seconds",
  help: "A machine's start: its sandbox or container brought up, ready to run processes",
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [metricsRegistry],
});

const startFailures = new Counter({
  name: "guilds_machine_start_failures_total",
  help: "Machine starts that failed",
  registers: [metricsRegistry],
});

/**
 * The backend, its start and stop measured. The lifecycle calls the backend's start only for a real
 * start (a running machine's start() returns before it), so each call here is one.
 * The methods are replaced on the object itself: a Proxy would break a backend's private fields.
 */
export function measureMachineStarts<Backend extends StartedBackend>(backend: Backend): Backend {
  const start = backend.start.bind(backend);
  const stop = backend.stop.bind(backend);
  backend.start = async () => {
    starting.inc();
    const end = startSeconds.startTimer();
    try {
      await start();
    } catch (error) {
      startFailures.inc();
      throw error;
    } finally {
      starting.dec();
    }
    end();
    started.add(backend);
  };
  backend.stop = () => {
    started.delete(backend);
    return stop();
  };
  return backend;
}
