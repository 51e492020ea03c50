import { describe, expect } from "vitest";
import { seedRun } from "./seedRun.ts";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

export function messageCases(test: StoreTest): void {
  describe("messages", () => {
    test("append numbers each run's messages 1, 2, 3 …; get and list page by seq", async ({ open }) => {
      const store = await open();
      const { agent, run } = await seedRun(store);
      const otherRun = await store.runs.create({ agentId: agent.id });

      const first = await store.messages.append(run.id, { role: "operator", content: "fix the build" });
      const second = await store.messages.append(run.id, {
        role: "assistant",
        content: { text: "", toolCalls: [{ id: "call_1", name: "shell", args: '{"command":"npm test"}' }] },
      });
      const elsewhere = await store.messages.append(otherRun.id, { role: "operator", content: "hi" });

      expect([first.seq, second.seq, elsewhere.seq]).toEqual([1, 2, 1]);
      expect(first).toMatchObject({ runId: run.id, role: "operator", content: "fix the build" });
      expect(await store.messages.get(run.id, 2)).toEqual(second);
      expect(await store.messages.list(run.id)).toEqual([first, second]);
      expect(await store.messages.list(run.id, { afterSeq: 1 })).toEqual([second]);
      expect(await store.messages.list(run.id, { limit: 1 })).toEqual([first]);
      await expectGuildsError(store.messages.get(run.id, 3), "message.not_found", 404);
      await expectGuildsError(
        store.messages.append("run_missing", { role: "operator", content: "x" }),
        "run.not_found",
        404,
      );
    });

    test("50 concurrent appends get seqs 1 to 50, no gap, no repeat", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);

      const appended = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          store.messages.append(run.id, { role: "tool", content: { index } }),
        ),
      );

      const seqs = appended.map((message) => message.seq).sort((left, right) => left - right);
      expect(seqs).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
      expect((await store.messages.list(run.id)).map((message) => message.seq)).toEqual(seqs);
    });

    test("a rolled-back append gives its seq back", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      await store.messages.append(run.id, { role: "operator", content: "one" });

      const failed = store.transaction(async (stores) => {
        await stores.messages.append(run.id, { role: "assistant", content: "lost" });
        throw new Error("the generation failed before commit");
      });
      await expect(failed).rejects.toThrow("before commit");

      expect((await store.messages.append(run.id, { role: "assistant", content: "two" })).seq).toBe(2);
      expect((await store.messages.list(run.id)).map((message) => message.content)).toEqual(["one", "two"]);
    });
  });

  describe("generations", () => {
    test("numbered per run; end records status, usage and error once", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);

      const first = await store.generations.start(run.id, { model: "claude-sonnet-4-5" });
      const second = await store.generations.start(run.id, { model: "claude-sonnet-4-5" });
      const ended = await store.generations.end(first.id, {
        status: "completed",
        usage: { inputTokens: 12, outputTokens: 3 },
      });
      const again = await store.generations.end(first.id, { status: "failed", error: "late" });

      expect([first.seq, second.seq]).toEqual([1, 2]);
      expect(ended).toMatchObject({
        status: "completed",
        usage: { inputTokens: 12, outputTokens: 3 },
        error: null,
      });
      expect(ended.endedAt).not.toBeNull();
      expect(again).toEqual(ended);
      expect((await store.generations.list(run.id)).map((generation) => generation.status)).toEqual([
        "completed",
        "running",
      ]);
    });
  });
}
