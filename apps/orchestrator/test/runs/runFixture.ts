import { chmodSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { loadConfig } from "../../src/config.ts";
import { createEventBus, type RunEventBus } from "../../src/events/eventBus.ts";
import { createMachineRegistry, type MachineRegistry } from "../../src/machines/machineRegistry.ts";
import type { ModelProvider } from "../../src/providers/modelProvider.ts";
import { type ModelScriptInput, parseModelScript } from "../../src/providers/modelScript.ts";
import { createScriptedProvider } from "../../src/providers/scriptedProvider.ts";
import { createRunService, type RunService } from "../../src/runs/runService.ts";
import type { Agent } from "../../src/store/agentStore.ts";
import type { Guild } from "../../src/store/guildStore.ts";
import { openStore, type Store } from "../../src/store/store.ts";

export interface RunHarness {
  home: string;
  store: Store;
  events: RunEventBus;
  machines: MachineRegistry;
  service: RunService;
  guild: Guild;
  agent: Agent;
  /** The agent's home on this host. */
  agentHome: string;
  dispose(): Promise<void>;
}

export interface HarnessOptions {
  script: ModelScriptInput;
  maxToolCalls?: number;
  /** Wraps the scripted provider (to watch or steer generations). */
  wrapProvider?: (provider: ModelProvider, store: Store) => ModelProvider;
}

const silent = { info() {}, warn() {}, error() {} };

/** A real store (SQLite in a temp home), a real local machine, the scripted provider. */
export async function createRunHarness(options: HarnessOptions): Promise<RunHarness> {
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-runs-")));
  // The sandbox runs as its own uid when the tests run as root: it must be able to reach the machine.
  chmodSync(home, 0o755);
  const config = loadConfig({ GUILDS_HOME: home });
  const store = await openStore(config);
  const events = createEventBus(store);
  const machines = createMachineRegistry({ home, logger: silent });
  const guild = await store.guilds.create({ name: "acme" });
  const agent = await store.agents.create({
    guildId: guild.id,
    name: "coder",
    modelProvider: "scripted",
    modelName: "scripted",
    ...(options.maxToolCalls === undefined ? {} : { maxToolCalls: options.maxToolCalls }),
  });
  const script = parseModelScript(options.script);
  const wrap = options.wrapProvider ?? ((provider) => provider);
  const service = createRunService({
    store,
    config,
    events,
    machines,
    providerFor: () => wrap(createScriptedProvider(script), store),
    logger: silent,
  });
  return {
    home,
    store,
    events,
    machines,
    service,
    guild,
    agent,
    agentHome: path.join(home, "machines", agent.id, "home"),
    async dispose() {
      await service.close();
      events.close();
      await machines.stopAll();
      await store.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The run's events from the first, until its next run.ended (replay, then live). */
export function eventsUntilEnded(
  events: RunEventBus,
  runId: string,
  afterId = 0,
): Promise<RunEventEnvelope[]> {
  return new Promise((resolve) => {
    const seen: RunEventEnvelope[] = [];
    const unsubscribe = events.subscribe({ runId }, afterId, (event) => {
      seen.push(event);
      if (event.type === "run.ended") {
        unsubscribe();
        resolve(seen);
      }
    });
  });
}

/** Resolves with the first event of the run that `matches`. */
export function nextEvent(
  events: RunEventBus,
  runId: string,
  matches: (event: RunEventEnvelope) => boolean,
): Promise<RunEventEnvelope> {
  return new Promise((resolve) => {
    const unsubscribe = events.subscribe({ runId }, 0, (event) => {
      if (!matches(event)) return;
      unsubscribe();
      resolve(event);
    });
  });
}

/** The tool.finished events' data, in order. */
export function finishedTools(events: readonly RunEventEnvelope[]) {
  return events.flatMap((event) => (event.data.type === "tool.finished" ? [event.data] : []));
}

export async function runToEnd(harness: RunHarness, message: string) {
  const { runId } = await harness.service.start({ agentId: harness.agent.id, message });
  const events = await eventsUntilEnded(harness.events, runId);
  const run = await harness.store.runs.get(runId);
  return { runId, run, events };
}
