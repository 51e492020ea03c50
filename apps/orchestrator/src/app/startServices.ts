import type { Hono } from "hono";
import type { Config } from "../config.ts";
import { createEventBus, type RunEventBus } from "../events/eventBus.ts";
import type { SandboxMode } from "../machines/local/localOptions.ts";
import { createMachineRegistry, type MachineRegistry } from "../machines/machineRegistry.ts";
import { createRunService, type RunService, type RunServiceLogger } from "../runs/runService.ts";
import { createApp } from "../server/createApp.ts";
import { openStore, type Store } from "../store/store.ts";
import { type AgentScripts, createAgentScripts } from "./agentScripts.ts";
import { providerForAgent } from "./providerForAgent.ts";
import { seedDemo } from "./seedDemo.ts";

export const RESTART_REASON = "the server restarted while this was running";

export interface Services {
  store: Store;
  events: RunEventBus;
  machines: MachineRegistry;
  runs: RunService;
  scripts: AgentScripts;
  app: Hono;
  /** What to tell the operator on this start (the demo, or how to make an agent); may be empty. */
  notice: string[];
  /** Cancels the runs, stops the machines, closes the store; safe to call twice. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  environment: NodeJS.ProcessEnv;
  sandbox: SandboxMode;
  logger: RunServiceLogger;
}

/**
 * The composition root: opens the store (migrating it), then the event bus, the machines and the
 * run service; marks what a previous server left running as interrupted; seeds the demo.
 */
export async function startServices(config: Config, options: ServiceOptions): Promise<Services> {
  const store = await openStore(config);
  const events = createEventBus(store);
  const machines = createMachineRegistry({
    home: config.home,
    sandbox: options.sandbox,
    logger: options.logger,
  });
  const scripts = createAgentScripts(config.home);
  let runs: RunService | undefined;
  const close = async () => {
    const closing = runs;
    runs = undefined;
    await closing?.close();
    events.close();
    await machines.stopAll();
    await store.close();
  };
  try {
    runs = createRunService({
      store,
      config,
      events,
      machines,
      providerFor: providerForAgent(scripts),
      logger: options.logger,
    });
    await runs.recoverInterrupted(RESTART_REASON);
    const notice = await seedDemo({ store, scripts, home: config.home, environment: options.environment });
    const app = createApp({ store, events, runs, scripts, logger: options.logger });
    return { store, events, machines, runs, scripts, app, notice, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
