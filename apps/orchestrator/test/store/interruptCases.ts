import { describe, expect } from "vitest";
import { seedRun } from "./seedRun.ts";
import type { StoreTest } from "./storeFixture.ts";

export function interruptCases(test: StoreTest): void {
  describe("markInFlightInterrupted", () => {
    test("running runs and generations, pending and running calls become interrupted; ended work is untouched", async ({
      open,
    }) => {
      const store = await open();
      const { agent, run } = await seedRun(store);
      const generation = await store.generations.start(run.id, { model: "m" });
      const create = (runId: string, callId: string, tool = "shell", started = true) =>
        store.toolCalls.create({ runId, generationId: null, callId, tool, argumentsText: "{}", started });
      const done = await create(run.id, "done");
      await store.toolCalls.end(done.id, { status: "completed", result: "ok" });
      const running = await create(run.id, "running", "code_task");
      const pending = await create(run.id, "pending", "shell", false);
      const finishedRun = await store.runs.create({ agentId: agent.id });
      await store.runs.end(finishedRun.id, "completed");

      const reason = "the server stopped (restart) while this was in flight";
      const interrupted = await store.markInFlightInterrupted(reason);

      expect(interrupted.runs.map((each) => each.id)).toEqual([run.id]);
      expect(interrupted.toolCalls.map((call) => call.callId).sort()).toEqual(["pending", "running"]);
      expect(interrupted.toolCalls.find((call) => call.callId === "running")?.tool).toBe("code_task");
      expect(interrupted.generations).toBe(1);
      expect(await store.runs.get(run.id)).toMatchObject({ status: "interrupted", statusReason: reason });
      expect(await store.generations.get(generation.id)).toMatchObject({
        status: "interrupted",
        error: reason,
      });
      expect(await store.toolCalls.get(running.id)).toMatchObject({ status: "interrupted", error: reason });
      expect(await store.toolCalls.get(pending.id)).toMatchObject({ status: "interrupted", error: reason });
      expect(await store.toolCalls.get(done.id)).toMatchObject({ status: "completed", error: null });
      expect(await store.runs.get(finishedRun.id)).toMatchObject({ status: "completed" });
      expect((await store.markInFlightInterrupted(reason)).runs).toEqual([]);
    });

    test("recordInterruptedResult gives an interrupted call its result once, and no other call one", async ({
      open,
    }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const create = (callId: string, started = false) =>
        store.toolCalls.create({
          runId: run.id,
          generationId: null,
          callId,
          tool: "shell",
          argumentsText: "{}",
          started,
        });
      const running = await create("running", true);
      const pending = await create("pending");
      await store.markInFlightInterrupted("restart");
      const later = await create("later");

      expect(
        await store.toolCalls.recordInterruptedResult(running.id, { result: "cut short", resultSeq: 7 }),
      ).toBe(true);
      expect(await store.toolCalls.get(running.id)).toMatchObject({
        status: "interrupted",
        error: "restart",
        result: "cut short",
        resultSeq: 7,
      });
      expect(
        await store.toolCalls.recordInterruptedResult(running.id, { result: "again", resultSeq: 8 }),
      ).toBe(false);
      expect((await store.toolCalls.get(running.id)).result).toBe("cut short");
      expect(await store.toolCalls.recordInterruptedResult(later.id, { result: "no", resultSeq: 9 })).toBe(
        false,
      );
      expect(await store.toolCalls.get(later.id)).toMatchObject({ status: "pending", result: null });
      expect(await store.toolCalls.get(pending.id)).toMatchObject({ status: "interrupted", result: null });
    });
  });
}
