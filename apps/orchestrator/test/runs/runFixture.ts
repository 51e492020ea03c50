import { chmodSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { loadConfig } from "../../src/config.ts";
import { createEventBus, type RunEventBus } from "../../src/events/eventBus.ts";
import type { MachineExtras } from "../../src/machines/local/localOptions.ts";
import type { MachineRegistry } from "../../src/machines/machineRegistry.ts";
import type { ModelProvider } from "../../src/providers/modelProvider.ts";
import { type ModelScriptInput, parseModelScript } from "../../src/providers/modelScript.ts";
import { createScriptedProvider } from "../../src/providers/scriptedProvider.ts";
import { createRunService, type RunService } from "../../src/runs/runService.ts";
import type { Agent, NewAgent } from "../../src/store/agentStore.ts";
import type { Guild } from "../../src/store/guildStore.ts";
import { openStore, type Store } from "../../src/store/store.ts";
import type { CodeTaskOptions } from "../../src/tools/codeTask/harnessOps.ts";
import type { Tool } from "../../src/tools/tool.ts";
import { seedAgent } from "../store/seedRun.ts";
import type { Sandbox } from "../toolbox/machineFixture.ts";
import { createTestMachineRegistry } from "./testMachineRegistry.ts";

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
  /** The tools the agent is offered; default the registry's. */
  tools?: readonly Tool[];
}

/** What a run harness is made of beyond the store, the event bus and the guild. */
export interface RunHarnessParts {
  /** GUILDS_HOME (sandboxReachableHome); dispose() removes it. */
  home: string;
  /** The agent's fields beyond its name and its scripted model. */
  agent?: Partial<NewAgent>;
  machineExtras?: MachineExtras;
  /** Where the agent's machine runs (createTestMachineRegistry); default bwrap where it works here. */
  sandbox?: Sandbox;
  /** The model of each generation, made when the generation starts. */
  provider(store: Store): ModelProvider;
  codeTasks?: CodeTaskOptions;
  /** The tools the agent is offered; default the registry's. */
  tools?: readonly Tool[];
}

const silent = { info() {}, warn() {}, error() {} };

/** A fresh temporary folder the sandbox's own uid can reach (the tests may run as root). */
export function sandboxReachableHome(prefix: string): string {
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  chmodSync(home, 0o755);
  return home;
}

/** A real store (SQLite in the home), a real machine registry, a guild with one agent, the run service. */
export async function openRunHarness(parts: RunHarnessParts): Promise<RunHarness> {
  const { home } = parts;
  const config = loadConfig({ GUILDS_HOME: home });
  const store = await openStore(config);
  const events = createEventBus(store);
  const { machines, removeContainers } = await createTestMachineRegistry(
    home,
    parts.sandbox,
    parts.machineExtras,
  );
  const { guild, agent } = await seedAgent(store, "acme", parts.agent);
  const service = createRunService({
    store,
    config,
    events,
    machines,
    providerFor: () => parts.provider(store),
    logger: silent,
    codeTasks: parts.codeTasks,
    tools: parts.tools,
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
      await removeContainers();
      await store.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The scripted provider playing `options.script`, in a fresh home. */
export function createRunHarness(options: HarnessOptions): Promise<RunHarness> {
  const script = parseModelScript(options.script);
  const wrap = options.wrapProvider ?? ((provider) => provider);
  return openRunHarness({
    home: sandboxReachableHome("guilds-runs-"),
    agent: options.maxToolCalls === undefined ? {} : { maxToolCalls: options.maxToolCalls },
    provider: (store) => wrap(createScriptedProvider(script), store),
    tools: options.tools,
  });
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

/** Resolves with the first event that `matches`: of the run (replayed, then live), or of the guild (live). */
export function eventOf(
  events: RunEventBus,
  filter: { runId: string } | { guildId: string },
  matches: (event: RunEventEnvelope) => boolean,
): Promise<RunEventEnvelope> {
  return new Promise((resolve) => {
    const unsubscribe = events.subscribe(filter, "runId" in filter ? 0 : undefined, (event) => {
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
