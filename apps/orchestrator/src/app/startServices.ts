import { GuildsError } from "@guilds/protocol/guildsError";
import type { Hono } from "hono";
import type { Config } from "../config.ts";
import { createEventBus, type RunEventBus } from "../events/eventBus.ts";
import { logRunEvents } from "../logging/runEventLog.ts";
import type { ServerLogger } from "../logging/serverLogger.ts";
import type { SandboxMode } from "../machines/local/localOptions.ts";
import { createMachineRegistry, type MachineRegistry } from "../machines/machineRegistry.ts";
import { ANTHROPIC_KEY_VARIABLE } from "../providers/anthropicProvider.ts";
import { OPENAI_KEY_VARIABLE } from "../providers/openaiProvider.ts";
import { recoverCodeTasks } from "../runs/recoverCodeTasks.ts";
import { createRunService, type RunService } from "../runs/runService.ts";
import type { ServerStop } from "../runs/serverStop.ts";
import { storeBackgroundOutput } from "../runs/storeBackgroundOutput.ts";
import { storeTaskArtifacts } from "../runs/storeTaskArtifacts.ts";
import { createApp } from "../server/createApp.ts";
import { openStore, type Store } from "../store/store.ts";
import { createHelperTransport } from "../toolbox/helperTransport.ts";
import { type AgentScripts, createAgentScripts } from "./agentScripts.ts";
import { openContainerProvider } from "./containerProvider.ts";
import { demoHarness } from "./demoHarness.ts";
import { providerForAgent } from "./providerForAgent.ts";
import { createRedactingLogger, type RedactingLogger } from "./redactingLogger.ts";
import { seedDemo } from "./seedDemo.ts";
import { claimServer, type ServerClaim } from "./serverClaim.ts";
import { serverHealth } from "./serverHealth.ts";

export const RESTART_REASON = "the server restarted while this was running";

export interface Services {
  store: Store;
  events: RunEventBus;
  machines: MachineRegistry;
  runs: RunService;
  scripts: AgentScripts;
  app: Hono;
  /** The options' logger behind a redactor of every secret: every line of the server goes here. */
  logger: RedactingLogger;
  /** What to tell the operator on this start (the demo, or how to make an agent); may be empty. */
  notice: string[];
  /** Resolves, with what to tell the operator, if another server took the store over: stop then. */
  lost: Promise<string>;
  /**
   * Ends the runs interrupted by `stop` (their run.ended reaches the live streams, which then end),
   * stops the machines, closes the store; safe to call twice.
   */
  close(stop?: ServerStop): Promise<void>;
}

export interface ServiceOptions {
  environment: NodeJS.ProcessEnv;
  sandbox: SandboxMode;
  /** Where the redacted lines go. */
  logger: ServerLogger;
}

/**
 * The composition root: opens the store (migrating it) and claims it for this server (one server per
 * store), then the event bus, the machines and the run service; marks what a previous server left
 * running as interrupted; seeds the demo.
 */
export async function startServices(config: Config, options: ServiceOptions): Promise<Services> {
  const store = await openStore(config);
  const logger = createRedactingLogger(options.logger, store.secrets, serverSecretValues(config, options));
  const events = logRunEvents(createEventBus(store), logger);
  const containers =
    config.machineProvider === "docker"
      ? await openContainerProvider(config, options.environment, logger).catch(async (error: unknown) => {
          await store.close();
          throw error;
        })
      : undefined;
  const machines = createMachineRegistry({
    home: config.home,
    machinesDir: config.machinesDir,
    sandbox: options.sandbox,
    logger,
    extras: {
      harnessDir: config.harnessDir,
      network: config.sandboxNetwork === "host" ? "host" : "isolated",
      seccomp: config.sandboxSeccomp,
      limitsOff: config.machineLimitsMode === "off",
    },
    ...(config.machineLimits === undefined ? {} : { maxima: config.machineLimits }),
    ...(containers === undefined ? {} : { docker: { ...containers, network: config.sandboxNetwork } }),
  });
  const scripts = createAgentScripts(config.home);
  let runs: RunService | undefined;
  let claim: ServerClaim | undefined;
  // Ends what the HTTP app holds open beyond the runs' streams (MCP sessions) as the server stops.
  const appStopping = new AbortController();
  const close = async (stop?: ServerStop) => {
    const closing = runs;
    runs = undefined;
    await closing?.close(stop);
    appStopping.abort();
    events.close();
    await machines.stopAll();
    // A claim that cannot be given up (the data folder's disk is full) runs out by itself, and a
    // server started again on this host takes it over at once: the store is closed all the same.
    await claim
      ?.release()
      .catch((error: unknown) =>
        logger.warn(`could not give up this server's claim on the store: ${String(error)}`),
      );
    await logger.flush();
    await store.close();
  };
  try {
    claim = await claimServer(store.serverLease, { logger });
    // One transport for the runs' calls and the background output the app reads: one long-lived
    // helper per machine.
    const helpers = createHelperTransport();
    runs = createRunService({
      store,
      config,
      events,
      machines,
      providerFor: providerForAgent(scripts, options.environment),
      logger,
      helpers,
    });
    const gone = await machines.removeLeftovers((agentId) =>
      store.agents.get(agentId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof GuildsError && error.code === "agent.not_found") return false;
          throw error;
        },
      ),
    );
    if (gone.length > 0) logger.info(`removed the containers of ${gone.length} deleted agent(s)`);
    await recoverCodeTasks({ store, events, machines, logger }, RESTART_REASON);
    await runs.recoverInterrupted(RESTART_REASON);
    const notice = await seedDemo({
      store,
      scripts,
      home: config.home,
      environment: options.environment,
      harness: demoHarness(config.harnessDir, config.harnessesOff),
    });
    const app = createApp({
      store,
      events,
      runs,
      scripts,
      logger,
      accessLog: logger,
      machines,
      tasks: storeTaskArtifacts(store, machines),
      shellOutput: storeBackgroundOutput(store, machines, helpers),
      mcpIdleMs: config.mcpIdleMs,
      stopping: appStopping.signal,
      health: serverHealth(config, store, options.sandbox, containers),
      http: {
        corsOrigins: config.corsOrigins ?? [],
        allowedHosts: config.allowedHosts ?? [],
        ...(config.metricsToken === undefined ? {} : { metricsToken: config.metricsToken }),
      },
      ...(config.machineLimits === undefined ? {} : { machineLimits: config.machineLimits }),
    });
    return { store, events, machines, runs, scripts, app, logger, notice, lost: claim.lost, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** The server's own secrets, hidden from its log like the guilds' (the model keys, the secret key). */
function serverSecretValues(config: Config, options: ServiceOptions): string[] {
  const values = [
    options.environment[ANTHROPIC_KEY_VARIABLE],
    options.environment[OPENAI_KEY_VARIABLE],
    config.secretKey,
    config.metricsToken,
  ];
  return values.filter((value): value is string => value !== undefined && value !== "");
}
