import { describe, expect } from "vitest";
import type { RunBoardFilter } from "../../src/store/runBoard.ts";
import type { Store } from "../../src/store/store.ts";
import { seedAgent } from "./seedRun.ts";
import type { StoreTest } from "./storeFixture.ts";

/** Two guilds; in acme a run at work (a generation), one in a shell call, one waiting on a code task, one waiting for its client; ended runs of each status. */
async function seedBoard(store: Store) {
  const acme = await seedAgent(store, "acme");
  const beta = await seedAgent(store, "beta");
  const run = (title: string, agentId = acme.agent.id) => store.runs.create({ agentId, title });

  const generating = await run("Generating");
  await store.generations.start(generating.id, { model: "scripted:demo" });

  /** A run whose generation ended asking for `tool`, which is running. */
  const inCall = async (title: string, tool: string) => {
    const called = await run(title);
    const generation = await store.generations.start(called.id, { model: "scripted:demo" });
    await store.generations.end(generation.id, { status: "completed" });
    const call = { callId: "c1", tool, argumentsText: "{}", started: true };
    await store.toolCalls.create({ runId: called.id, generationId: generation.id, ...call });
    return called;
  };
  const inShell = await inCall("In a shell call", "shell");
  const onTask = await inCall("On a code task", "code_task");

  // An MCP client's run after its first call: each call is a generation of the client.
  const forClient = await store.runs.create({
    agentId: acme.agent.id,
    title: "MCP session of claude-code",
    metadata: { client: { protocol: "mcp", name: "claude-code" } },
  });
  const clientCall = await store.generations.start(forClient.id, { model: "mcp:claude-code" });
  await store.generations.end(clientCall.id, { status: "completed" });

  const ended: Record<string, string> = {};
  for (const status of ["completed", "failed", "cancelled", "interrupted"] as const) {
    const endedRun = await run(`Ended ${status}`, beta.agent.id);
    await store.runs.end(endedRun.id, status);
    ended[status] = endedRun.id;
  }
  return { acme, beta, generating, inShell, onTask, forClient, ended };
}

const ids = async (store: Store, filter: Partial<RunBoardFilter>) =>
  (await store.runBoard.list({ limit: 100, ...filter })).map((run) => run.id);

export function runBoardCases(test: StoreTest): void {
  describe("runs board", () => {
    test("newest first across guilds, each with its board status and its agent's and guild's names", async ({
      open,
    }) => {
      const store = await open();
      const seeded = await seedBoard(store);
      const board = await store.runBoard.list({ limit: 100 });
      expect(board.map((run) => [run.title, run.boardStatus, run.guildName, run.agentName])).toEqual([
        ["Ended interrupted", "interrupted", "beta", "coder"],
        ["Ended cancelled", "cancelled", "beta", "coder"],
        ["Ended failed", "failed", "beta", "coder"],
        ["Ended completed", "completed", "beta", "coder"],
        ["MCP session of claude-code", "waiting", "acme", "coder"],
        ["On a code task", "waiting", "acme", "coder"],
        ["In a shell call", "running", "acme", "coder"],
        ["Generating", "running", "acme", "coder"],
      ]);
      expect(board.find((run) => run.id === seeded.onTask.id)?.status).toBe("running");
      expect(await store.runBoard.counts({})).toEqual({ running: 2, waiting: 2 });
      expect(await store.runBoard.counts({ guildId: seeded.beta.guild.id })).toEqual({
        running: 0,
        waiting: 0,
      });
      expect(await store.runBoard.counts({ agentId: seeded.acme.agent.id })).toEqual({
        running: 2,
        waiting: 2,
      });
    });

    test("status filters: running and waiting told apart, any of several, each end status", async ({
      open,
    }) => {
      const store = await open();
      const seeded = await seedBoard(store);
      expect(await ids(store, { statuses: ["running"] })).toEqual([seeded.inShell.id, seeded.generating.id]);
      expect(await ids(store, { statuses: ["waiting"] })).toEqual([seeded.forClient.id, seeded.onTask.id]);
      expect(await ids(store, { statuses: ["failed", "waiting"] })).toEqual([
        seeded.ended.failed,
        seeded.forClient.id,
        seeded.onTask.id,
      ]);
      for (const status of ["completed", "failed", "cancelled", "interrupted"] as const) {
        expect(await ids(store, { statuses: [status] })).toEqual([seeded.ended[status]]);
      }
      // The shell call ends: the model's run is between two steps, still running, not waiting.
      const [call] = await store.toolCalls.list(seeded.inShell.id);
      await store.toolCalls.end(call?.id ?? "", { status: "completed", result: "ok", metadata: {} });
      expect(await ids(store, { statuses: ["running"] })).toContain(seeded.inShell.id);
      // The client makes a call: its run is at work until the call ends.
      const clientCall = await store.generations.start(seeded.forClient.id, { model: "mcp:claude-code" });
      expect(await ids(store, { statuses: ["running"] })).toContain(seeded.forClient.id);
      expect(await store.runBoard.counts({})).toEqual({ running: 3, waiting: 1 });
      await store.generations.end(clientCall.id, { status: "completed" });
      expect(await ids(store, { statuses: ["waiting"] })).toEqual([seeded.forClient.id, seeded.onTask.id]);
    });

    test("guild and agent filters", async ({ open }) => {
      const store = await open();
      const seeded = await seedBoard(store);
      const other = await store.agents.create({
        guildId: seeded.acme.guild.id,
        name: "reviewer",
        modelProvider: "scripted",
        modelName: "demo",
      });
      const reviewing = await store.runs.create({ agentId: other.id, title: "Review" });
      expect(await ids(store, { guildId: seeded.beta.guild.id })).toEqual(
        Object.values(seeded.ended).reverse(),
      );
      expect(await ids(store, { agentId: other.id })).toEqual([reviewing.id]);
      expect(await ids(store, { guildId: seeded.acme.guild.id, agentId: seeded.acme.agent.id })).toHaveLength(
        4,
      );
      expect(await ids(store, { guildId: seeded.beta.guild.id, agentId: other.id })).toEqual([]);
    });

    test("search: titles and operators' and assistants' text, any case, wildcards taken literally; not tool results", async ({
      open,
    }) => {
      const store = await open();
      const { agent } = await seedAgent(store);
      const titled = await store.runs.create({ agentId: agent.id, title: "Fix the Parser" });
      const asked = await store.runs.create({ agentId: agent.id, title: "first" });
      await store.messages.append(asked.id, {
        role: "operator",
        content: { text: "Deploy to STAGING, 100% done" },
      });
      const answered = await store.runs.create({ agentId: agent.id, title: "second" });
      await store.messages.append(answered.id, {
        role: "assistant",
        content: { text: "The parser_v2 is ready", tool_calls: [] },
      });
      const toolOnly = await store.runs.create({ agentId: agent.id, title: "third" });
      await store.messages.append(toolOnly.id, {
        role: "tool",
        content: { tool_call_id: "c1", name: "shell", text: "staging parser deploy" },
      });

      expect(await ids(store, { search: "parser" })).toEqual([answered.id, titled.id]);
      expect(await ids(store, { search: "staging" })).toEqual([asked.id]);
      expect(await ids(store, { search: "100%" })).toEqual([asked.id]);
      expect(await ids(store, { search: "0% d" })).toEqual([asked.id]);
      expect(await ids(store, { search: "%" })).toEqual([asked.id]);
      expect(await ids(store, { search: "parser_" })).toEqual([answered.id]);
      expect(await ids(store, { search: "r_v" })).toEqual([answered.id]);
      expect(await ids(store, { search: "text" })).toEqual([]);
      expect(await ids(store, { search: "tool_call" })).toEqual([]);
      expect(await ids(store, { search: "parser", statuses: ["completed"] })).toEqual([]);
    });

    test("a search looks through the newest window of runs only, of the guild or agent asked for", async ({
      open,
    }) => {
      const store = await open();
      const { agent } = await seedAgent(store);
      const other = await seedAgent(store, "other");
      const made: string[] = [];
      for (let index = 0; index < 5; index++) {
        made.push((await store.runs.create({ agentId: agent.id, title: `deploy ${index}` })).id);
      }
      await store.runs.create({ agentId: other.agent.id, title: "deploy elsewhere" });
      const newest = [...made].reverse();
      expect(await ids(store, { search: "deploy", searchWindow: 3, agentId: agent.id })).toEqual(
        newest.slice(0, 3),
      );
      expect(await ids(store, { search: "deploy", searchWindow: 3 })).toHaveLength(3);
      expect(
        await ids(store, { search: "deploy", searchWindow: 3, agentId: agent.id, before: newest[1] }),
      ).toEqual([newest[2]]);
      expect(await ids(store, { search: "deploy", searchWindow: 100 })).toHaveLength(6);
    });

    test("pages newest first: before a run id, one row more than the page to see a next one", async ({
      open,
    }) => {
      const store = await open();
      const { agent } = await seedAgent(store);
      const made: string[] = [];
      for (let index = 0; index < 5; index++) made.push((await store.runs.create({ agentId: agent.id })).id);
      const newest = [...made].reverse();
      expect(await ids(store, { limit: 3 })).toEqual(newest.slice(0, 3));
      expect(await ids(store, { limit: 3, before: newest[2] })).toEqual(newest.slice(3));
    });
  });
}
