import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { providerForAgent } from "../../src/app/providerForAgent.ts";
import { loadConfig } from "../../src/config.ts";
import { createEventBus, type RunEventBus } from "../../src/events/eventBus.ts";
import { createMachineRegistry, type MachineRegistry } from "../../src/machines/machineRegistry.ts";
import { REDACTED_MARKER } from "../../src/pipeline/redactor.ts";
import { createRunService, type RunService } from "../../src/runs/runService.ts";
import type { ModelProviderName } from "../../src/store/agentSettings.ts";
import type { Agent } from "../../src/store/agentStore.ts";
import type { Guild } from "../../src/store/guildStore.ts";
import { openStore, type Store } from "../../src/store/store.ts";
import { anthropicProtocol } from "../fakes/fakeAnthropicProtocol.ts";
import { chatCompletionsProtocol } from "../fakes/fakeChatCompletionsProtocol.ts";
import {
  type FakeModelServer,
  type RecordedRequest,
  startFakeModelServer,
} from "../fakes/fakeModelServer.ts";
import { openAIResponsesProtocol } from "../fakes/fakeOpenAIResponsesProtocol.ts";
import { workingSandbox } from "../machines/workingSandbox.ts";
import { eventsUntilEnded } from "../runs/runFixture.ts";

/*
 * The model key of an agent is a secret: the agent's own, else its guild's, else (anthropic and
 * openai) the server's environment, read at each generation. Real runs through the run service,
 * against the fake model servers, which record the key each request carried.
 */

const silent = { info() {}, warn() {}, error() {} };
const ENV_KEY = "key-from-the-server-environment";
const GUILD_KEY = "key-from-the-guild-secret";
const AGENT_KEY = "key-from-the-agent-secret";

const fakes: Partial<Record<Exclude<ModelProviderName, "scripted">, FakeModelServer>> = {};

beforeAll(async () => {
  fakes.anthropic = await startFakeModelServer(anthropicProtocol);
  fakes.openai = await startFakeModelServer(openAIResponsesProtocol);
  fakes["openai-compatible"] = await startFakeModelServer(chatCompletionsProtocol);
});
afterAll(async () => {
  for (const fake of Object.values(fakes)) await fake.close();
});

interface Server {
  home: string;
  store: Store;
  events: RunEventBus;
  machines: MachineRegistry;
  runs: RunService;
  guild: Guild;
}

let server: Server | undefined;

/** A store, and a run service that reads the keys as the real server does, with this environment. */
async function startServer(environment: Record<string, string>): Promise<Server> {
  const home = mkdtempSync(path.join(tmpdir(), "guilds-model-keys-"));
  const config = loadConfig({ GUILDS_HOME: home });
  const store = await openStore(config);
  const events = createEventBus(store);
  const machines = createMachineRegistry({ home, sandbox: await workingSandbox(), logger: silent });
  const runs = createRunService({
    store,
    config,
    events,
    machines,
    providerFor: providerForAgent(createAgentScripts(home), environment),
    logger: silent,
  });
  const guild = await store.guilds.create({ name: "acme" });
  server = { home, store, events, machines, runs, guild };
  return server;
}

beforeEach(() => {
  for (const fake of Object.values(fakes)) fake.requests.length = 0;
});
afterEach(async () => {
  if (server === undefined) return;
  const { home, store, events, machines, runs } = server;
  server = undefined;
  await runs.close();
  events.close();
  await machines.stopAll();
  await store.close();
  rmSync(home, { recursive: true, force: true });
});

/** An agent without the code tools (no machine needed) whose model is the provider's fake. */
function createAgent(
  { store, guild }: Server,
  provider: Exclude<ModelProviderName, "scripted">,
  name = "coder",
): Promise<Agent> {
  return store.agents.create({
    guildId: guild.id,
    name,
    modelProvider: provider,
    modelName: provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-5",
    modelBaseUrl: `${fakes[provider]?.origin}/v1`,
    coding: false,
  });
}

/** One run of one generation; the fake answers "ok". Returns the ended run and the request it sent. */
async function runOnce({ store, events, runs }: Server, agent: Agent) {
  const fake = fakes[agent.modelProvider as Exclude<ModelProviderName, "scripted">];
  fake?.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["ok"] }] });
  const sent = fake?.requests.length ?? 0;
  const { runId } = await runs.start({ agentId: agent.id, message: "Hi." });
  await eventsUntilEnded(events, runId);
  const run = await store.runs.get(runId);
  return { run, request: fake?.requests[sent] };
}

const anthropicKey = (request: RecordedRequest | undefined) => request?.headers["x-api-key"];
const bearerKey = (request: RecordedRequest | undefined) => request?.headers.authorization;

describe("anthropic: the key of each generation", () => {
  test("is the server's environment's, then the guild's secret, then the agent's, each from the next generation on", async () => {
    const running = await startServer({ ANTHROPIC_API_KEY: ENV_KEY });
    const agent = await createAgent(running, "anthropic");

    const fromEnvironment = await runOnce(running, agent);
    expect(fromEnvironment.run.status).toBe("completed");
    expect(anthropicKey(fromEnvironment.request)).toBe(ENV_KEY);

    await running.store.secrets.set(
      { scope: "guild", guildId: running.guild.id },
      { name: "ANTHROPIC_API_KEY", value: GUILD_KEY },
    );
    const fromGuild = await runOnce(running, agent);
    expect(fromGuild.run.status).toBe("completed");
    expect(anthropicKey(fromGuild.request)).toBe(GUILD_KEY);

    await running.store.secrets.set(
      { scope: "agent", agentId: agent.id },
      { name: "ANTHROPIC_API_KEY", value: AGENT_KEY },
    );
    const fromAgent = await runOnce(running, agent);
    expect(fromAgent.run.status).toBe("completed");
    expect(anthropicKey(fromAgent.request)).toBe(AGENT_KEY);

    // Another agent of the guild has no secret of its own: the guild's key.
    const other = await createAgent(running, "anthropic", "reviewer");
    expect(anthropicKey((await runOnce(running, other)).request)).toBe(GUILD_KEY);
  });

  test("a secret aliased ANTHROPIC_API_KEY gives the key too", async () => {
    const running = await startServer({});
    const agent = await createAgent(running, "anthropic");
    await running.store.secrets.set(
      { scope: "agent", agentId: agent.id },
      { name: "CLAUDE_KEY", value: AGENT_KEY, aliases: ["ANTHROPIC_API_KEY"] },
    );
    expect(anthropicKey((await runOnce(running, agent)).request)).toBe(AGENT_KEY);
  });

  test("with no key anywhere the run fails before any request, saying which secret to set and how", async () => {
    const running = await startServer({});
    const agent = await createAgent(running, "anthropic");
    const { runId } = await running.runs.start({ agentId: agent.id, message: "Hi." });
    await eventsUntilEnded(running.events, runId);
    const run = await running.store.runs.get(runId);
    expect(fakes.anthropic?.requests).toEqual([]);
    expect(run.status).toBe("failed");
    expect(run.statusReason).toBe(
      "No Anthropic API key. Set the secret ANTHROPIC_API_KEY of the agent or its guild (the value on stdin: " +
        "npx guilds secret set <guild>[/<agent>] ANTHROPIC_API_KEY), or ANTHROPIC_API_KEY in the server's environment.",
    );
  });

  test("the key is a secret: a refusal that echoes it is stored redacted", async () => {
    const running = await startServer({});
    const agent = await createAgent(running, "anthropic");
    await running.store.secrets.set(
      { scope: "agent", agentId: agent.id },
      { name: "ANTHROPIC_API_KEY", value: AGENT_KEY },
    );
    fakes.anthropic?.enqueue({ type: "error", status: 401, message: `invalid x-api-key ${AGENT_KEY}` });
    const { runId } = await running.runs.start({ agentId: agent.id, message: "Hi." });
    await eventsUntilEnded(running.events, runId);
    const run = await running.store.runs.get(runId);
    expect(run.status).toBe("failed");
    expect(run.statusReason).toContain(`invalid x-api-key ${REDACTED_MARKER}`);
    expect(run.statusReason).toContain("npx guilds secret set <guild>[/<agent>] ANTHROPIC_API_KEY");
    expect(run.statusReason).not.toContain(AGENT_KEY);
  });
});

describe("openai and openai-compatible", () => {
  test("openai takes the agent's OPENAI_API_KEY secret over the server's environment", async () => {
    const running = await startServer({ OPENAI_API_KEY: ENV_KEY });
    const agent = await createAgent(running, "openai");
    expect(bearerKey((await runOnce(running, agent)).request)).toBe(`Bearer ${ENV_KEY}`);
    await running.store.secrets.set(
      { scope: "agent", agentId: agent.id },
      { name: "OPENAI_API_KEY", value: AGENT_KEY },
    );
    expect(bearerKey((await runOnce(running, agent)).request)).toBe(`Bearer ${AGENT_KEY}`);
  });

  test("openai-compatible takes the OPENAI_API_KEY secret, never the server's own key", async () => {
    const running = await startServer({ OPENAI_API_KEY: ENV_KEY });
    const agent = await createAgent(running, "openai-compatible");
    expect(bearerKey((await runOnce(running, agent)).request)).toBeUndefined();
    await running.store.secrets.set(
      { scope: "guild", guildId: running.guild.id },
      { name: "OPENAI_API_KEY", value: GUILD_KEY },
    );
    expect(bearerKey((await runOnce(running, agent)).request)).toBe(`Bearer ${GUILD_KEY}`);
  });
});
