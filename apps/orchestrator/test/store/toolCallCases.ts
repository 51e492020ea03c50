import { describe, expect } from "vitest";
import type { Store } from "../../src/store/store.ts";
import type { ToolCallOutcome } from "../../src/store/toolCallStore.ts";
import { seedRun } from "./seedRun.ts";
import type { StoreTest } from "./storeFixture.ts";

export function toolCallCases(test: StoreTest): void {
  describe("tool calls", () => {
    test("created running → completed, with result, step, metadata and timings", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const generation = await store.generations.start(run.id, { model: "m" });
      const call = await store.toolCalls.create({
        runId: run.id,
        generationId: generation.id,
        callId: "toolu_01",
        tool: "shell",
        argumentsText: '{"command":"npm test"}',
        started: true,
      });
      expect(call).toMatchObject({
        status: "running",
        arguments: { command: "npm test" },
        startedAt: call.createdAt,
        resultCut: false,
      });

      const ended = await store.transaction(async (stores) => {
        const message = await stores.messages.append(run.id, {
          role: "tool",
          content: { id: "toolu_01", text: "ok" },
        });
        return stores.toolCalls.end(call.id, {
          status: "completed",
          result: "ok\n[remaining_tool_calls: 99]",
          resultSeq: message.seq,
          metadata: { exit_code: 0, cwd: "repos/web", timed_out: false },
        });
      });

      expect(ended).toMatchObject({
        status: "completed",
        result: "ok\n[remaining_tool_calls: 99]",
        resultSeq: 1,
        metadata: { exit_code: 0, cwd: "repos/web", timed_out: false },
        repeatOf: null,
        error: null,
      });
      expect(ended.durationMs).toBeGreaterThanOrEqual(0);
      expect(ended.startedAt).not.toBeNull();
      expect(await store.toolCalls.get(call.id)).toEqual(ended);
    });

    test("a call not started is pending, and ends without a start time (cancelled, or over the budget)", async ({
      open,
    }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const call = await createCall(store, run.id, "toolu_02");
      expect(call).toMatchObject({ status: "pending", startedAt: null });
      expect(await store.toolCalls.get(call.id)).toEqual(call);
      const ended = await store.toolCalls.end(call.id, {
        status: "cancelled",
        error: "cancelled before it started",
      });
      expect(ended).toMatchObject({ status: "cancelled", startedAt: null });
      expect(ended.endedAt).not.toBeNull();
    });

    test("arguments that are not JSON are kept as written; an ended call stays ended", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const call = await createCall(store, run.id, "c", { argumentsText: "{oops" });
      expect(call).toMatchObject({ argumentsText: "{oops", arguments: undefined });

      await store.toolCalls.end(call.id, { status: "cancelled", error: "cancelled before it started" });

      expect(await store.toolCalls.end(call.id, { status: "completed", result: "late" })).toMatchObject({
        status: "cancelled",
        result: null,
      });
    });

    test("list gives a run's calls in the order they were made", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const made = [];
      for (let index = 0; index < 20; index += 1) {
        made.push(await createCall(store, run.id, `c${index}`));
      }
      expect((await store.toolCalls.list(run.id)).map((call) => call.callId)).toEqual(
        made.map((call) => call.callId),
      );
    });
  });

  describe("file_read history", () => {
    test("only completed, uncut, non-pointer reads of this run count, with their step", async ({ open }) => {
      const store = await open();
      const { agent, run } = await seedRun(store);
      const otherRun = await store.runs.create({ agentId: agent.id });
      const meta = (path: string, range: [number, number]) => ({
        path,
        real_path: `/home/agent/repos/web/${path}`,
        range,
        content_hash: `hash-${path}`,
        lines: 300,
      });
      const counted = await recordCall(store, run.id, "file_read", {
        status: "completed",
        metadata: meta("a.ts", [1, 120]),
      });
      await recordCall(store, run.id, "file_read", { status: "failed", metadata: {} });
      await recordCall(store, run.id, "file_read", {
        status: "completed",
        resultCut: true,
        metadata: meta("big.ts", [1, 2000]),
      });
      await recordCall(store, run.id, "file_read", {
        status: "completed",
        repeatOf: counted,
        metadata: { ...meta("a.ts", [1, 120]), repeat_of: counted },
      });
      await recordCall(store, run.id, "file_read", {
        status: "completed",
        metadata: meta("empty.ts", [0, 0]),
      });
      await recordCall(store, run.id, "shell", {
        status: "completed",
        metadata: { exit_code: 0, cwd: ".", timed_out: false },
      });
      await recordCall(store, otherRun.id, "file_read", {
        status: "completed",
        metadata: meta("z.ts", [1, 5]),
      });
      const later = await recordCall(store, run.id, "file_read", {
        status: "completed",
        metadata: meta("b.ts", [40, 80]),
      });

      expect(await store.toolCalls.fileReadHistory(run.id)).toEqual([
        {
          seq: counted,
          path: "a.ts",
          realPath: "/home/agent/repos/web/a.ts",
          range: [1, 120],
          contentHash: "hash-a.ts",
        },
        {
          seq: later,
          path: "b.ts",
          realPath: "/home/agent/repos/web/b.ts",
          range: [40, 80],
          contentHash: "hash-b.ts",
        },
      ]);
    });
  });
}

/** One call through its whole life, its result in a tool message; returns that message's seq. */
async function recordCall(
  store: Store,
  runId: string,
  tool: string,
  outcome: Omit<ToolCallOutcome, "resultSeq">,
) {
  const call = await createCall(store, runId, `call_${tool}`, { tool, started: true });
  const message = await store.messages.append(runId, { role: "tool", content: "…" });
  await store.toolCalls.end(call.id, { ...outcome, result: "…", resultSeq: message.seq });
  return message.seq;
}

/** A call of the run that no generation made: a shell call with `{}` arguments unless `fields` say otherwise. */
function createCall(
  store: Store,
  runId: string,
  callId: string,
  fields: { tool?: string; argumentsText?: string; started?: boolean } = {},
) {
  return store.toolCalls.create({
    runId,
    generationId: null,
    callId,
    tool: "shell",
    argumentsText: "{}",
    ...fields,
  });
}
