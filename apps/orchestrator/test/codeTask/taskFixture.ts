import { chmodSync, copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { HarnessName } from "@guilds/protocol/harness";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import type { MachineNetwork } from "../../src/machines/local/localOptions.ts";
import type { Machine } from "../../src/machines/machine.ts";
import type { MachineRegistry } from "../../src/machines/machineRegistry.ts";
import { type ModelScriptInput, parseModelScript } from "../../src/providers/modelScript.ts";
import { createScriptedProvider } from "../../src/providers/scriptedProvider.ts";
import { runMachineCommand } from "../../src/repos/machineCommand.ts";
import { createSampleRepository } from "../../src/repos/sampleRepository.ts";
import { storeTaskArtifacts } from "../../src/runs/storeTaskArtifacts.ts";
import type { HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { createHarnessTransport } from "../../src/tools/codeTask/harnessOps.ts";
import type { TaskTiming } from "../../src/tools/codeTask/taskTurn.ts";
import { eventOf, openRunHarness, type RunHarness, sandboxReachableHome } from "../runs/runFixture.ts";
import { harnessApi } from "../support/harnessApi.ts";
import type { Sandbox } from "../toolbox/machineFixture.ts";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

/** The agent's API key: the harness's credential, and a secret every progress line must hide. */
export const API_KEY = "sk-ant-api03-fake-0123456789abcdefghij";
export const REPOSITORY = "tally";
/** The session of the recorded claude fixture (fixtures/claude.jsonl). */
export const CLAUDE_SESSION = "85b686e1-ef47-49d1-8fe2-1f417a920d23";
/** What the fake claude plays (fixtures/fakeClaude.mjs). */
export interface FakeScenario {
  writeFile?: { path: string; content: string };
  events?: string[];
  eventDelayMs?: number;
  stderr?: string;
  hang?: boolean;
  exitCode?: number;
}

/** The recorded claude fixture's events, one JSON line each. */
export function claudeEvents(): string[] {
  return readFileSync(path.join(FIXTURES, "claude.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

/** Sees every request the engine sends guilds-harness, and may answer one itself. */
export type OpInterceptor = (request: HelperRequest) => void | Promise<void>;

export interface TaskHarness extends RunHarness {
  /** The ops the engine sent guilds-harness, in order (emptied by useScript). */
  ops: string[];
  /** The script of the next runs, and what sees (or fails) their ops; the recorded ops start over. */
  useScript(script: ModelScriptInput, intercept?: OpInterceptor): void;
  machine(): Promise<Machine>;
  /** Runs bash inside the agent's machine, from its home. */
  bash(script: string, ...args: string[]): Promise<string>;
  setScenario(scenario: FakeScenario): Promise<void>;
  /** Every event of the guild from now on, tool.progress included (never stored, so live only). */
  watch(): RunEventEnvelope[];
}

export interface TaskHarnessOptions {
  timing?: Partial<TaskTiming>;
  /** The real CLIs' npm prefix (npm run test:harnesses) instead of the fake claude. */
  harnessDir?: string;
  /** The real CLIs reach the fake model server on this host's 127.0.0.1. */
  network?: MachineNetwork;
  /** Where the agent's machine runs; default bwrap where it works here (createTestMachineRegistry). */
  sandbox?: Sandbox;
  harness?: HarnessName;
  harnessModel?: string;
  /** The agent's secrets; default ANTHROPIC_API_KEY = API_KEY. */
  secrets?: Record<string, string>;
}

/**
 * A real store, a real machine (local, or a container: `sandbox`) whose harness directory holds a fake `claude` (on the
 * machine's PATH, as `guilds harness install` would put the real one), the real built
 * guilds-harness, a sample repository, and the scripted provider.
 */
export async function createTaskHarness(options: TaskHarnessOptions = {}): Promise<TaskHarness> {
  const home = sandboxReachableHome("guilds-tasks-");
  const harnessDir = options.harnessDir ?? path.join(home, "harnesses");
  if (options.harnessDir === undefined) {
    const bin = path.join(harnessDir, "node_modules", ".bin");
    mkdirSync(bin, { recursive: true, mode: 0o755 });
    copyFileSync(path.join(FIXTURES, "fakeClaude.mjs"), path.join(bin, "claude"));
    chmodSync(path.join(bin, "claude"), 0o755);
  }
  const ops: string[] = [];
  let script = parseModelScript({ steps: [] });
  let intercept: OpInterceptor | undefined;
  const harness = await openRunHarness({
    home,
    agent: {
      harness: options.harness ?? "claude",
      ...(options.harnessModel === undefined ? {} : { harnessModel: options.harnessModel }),
    },
    machineExtras: { harnessDir, network: options.network ?? "isolated" },
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    provider: () => createScriptedProvider(script),
    codeTasks: {
      timing: { pollIntervalMs: 250, ...options.timing },
      harnesses: recordingTransport(createHarnessTransport(), ops, (request) => intercept?.(request)),
    },
  });
  const { store, events, machines, guild, agent } = harness;
  const sample = await createSampleRepository(path.join(home, "host", REPOSITORY));
  await store.repositories.create({ guildId: guild.id, name: REPOSITORY, localPath: sample });
  for (const [name, value] of Object.entries(options.secrets ?? { ANTHROPIC_API_KEY: API_KEY })) {
    await store.secrets.set({ scope: "agent", agentId: agent.id }, { name, value });
  }
  const machine = () => machines.forAgent(agent);
  const bash = async (body: string, ...args: string[]) => {
    const running = await machine();
    await running.start();
    const ran = await runMachineCommand(running, {
      argv: ["bash", "-c", body, "bash", ...args],
      timeoutMs: 30_000,
    });
    if (!ran.ok) throw new Error(`bash failed (${ran.code}): ${ran.stderrLines.join("\n")}`);
    return ran.stdout;
  };
  const watchers: (() => void)[] = [];
  return {
    ...harness,
    ops,
    useScript(next, interceptor) {
      script = parseModelScript(next);
      intercept = interceptor;
      ops.length = 0;
    },
    machine,
    bash,
    async setScenario(scenario) {
      await bash(
        'mkdir -p ~/.fake-claude && printf %s "$1" > ~/.fake-claude/scenario.json',
        JSON.stringify(scenario),
      );
    },
    watch() {
      const seen: RunEventEnvelope[] = [];
      watchers.push(events.subscribe({ guildId: guild.id }, undefined, (event) => seen.push(event)));
      return seen;
    },
    async dispose() {
      for (const unsubscribe of watchers) unsubscribe();
      await harness.dispose();
    },
  };
}

function recordingTransport(
  inner: HelperTransport,
  ops: string[],
  intercept: OpInterceptor,
): HelperTransport {
  return {
    async run(machine, request, options) {
      ops.push(request.op);
      await intercept(request);
      return inner.run(machine, request, options);
    },
    close: () => inner.close(),
  };
}

/**
 * GET through the server's app over the harness (its store, runs and task artifacts, the artifacts
 * reaching machines through `machines`), with a token of its own: each answer's status and JSON body.
 */
export function taskApi(
  harness: TaskHarness,
  machines: Pick<MachineRegistry, "forAgent"> = harness.machines,
): Promise<(url: string) => Promise<{ status: number; body: unknown }>> {
  return harnessApi(harness, { tasks: storeTaskArtifacts(harness.store, machines) });
}

/** The code_task's tool.finished once its run has ended. */
export async function finishedTask(harness: TaskHarness, runId: string) {
  const ended = await eventOf(harness.events, { runId }, (event) => event.type === "run.ended");
  const finished = await eventOf(
    harness.events,
    { runId },
    (event) => event.data.type === "tool.finished" && event.data.name === "code_task",
  );
  if (finished.data.type !== "tool.finished") throw new Error("not a tool.finished");
  return { ended, task: finished.data };
}

/** Starts a run whose model calls code_task once with `args`, the fake claude playing `scenario`. */
export async function startTask(
  harness: TaskHarness,
  args: Record<string, unknown>,
  scenario: FakeScenario | null,
  intercept?: OpInterceptor,
): Promise<string> {
  harness.useScript(
    { steps: [{ type: "reply", tool_calls: [{ name: "code_task", args }] }], final_text: "Done." },
    intercept,
  );
  if (scenario !== null) await harness.setScenario(scenario);
  const { runId } = await harness.service.start({ agentId: harness.agent.id, message: "Go." });
  return runId;
}

/** The first tool.progress of the run (live only: subscribe before it can come). */
export function firstProgress(harness: TaskHarness): Promise<RunEventEnvelope> {
  return eventOf(harness.events, { guildId: harness.guild.id }, (event) => event.type === "tool.progress");
}
