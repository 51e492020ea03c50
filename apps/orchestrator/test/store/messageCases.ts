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
      const ended = await store.generations.end(first.id, { status: "completed" });
      const again = await store.generations.end(first.id, { status: "failed", error: "late" });

      expect([first.seq, second.seq]).toEqual([1, 2]);
      expect(ended).toMatchObject({
        status: "completed",
        usage: { inputTokens: null, outputTokens: null, cachedTokens: null },
        costUsd: null,
        error: null,
      });
      expect(ended.endedAt).not.toBeNull();
      expect(again).toEqual(ended);
      expect((await store.generations.list(run.id)).map((generation) => generation.status)).toEqual([
        "completed",
        "running",
      ]);
    });

    test("a generation's usage and cost are stored, and add to its run's totals", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const first = await store.generations.start(run.id, { model: "anthropic:claude-sonnet-4-5" });
      const second = await store.generations.start(run.id, { model: "scripted:scripted" });
      const big = { inputTokens: 3_000_000_000, outputTokens: 80, cachedTokens: 1000 };
      await store.generations.recordUsage(first.id, big, 0.0123);
      await store.runs.addUsage(run.id, { ...big, costUsd: 0.0123 });
      const none = { inputTokens: null, outputTokens: 5, cachedTokens: null };
      await store.generations.recordUsage(second.id, none, null);
      await store.runs.addUsage(run.id, { ...none, costUsd: null });

      expect(await store.generations.get(first.id)).toMatchObject({ usage: big, costUsd: 0.0123 });
      expect(await store.generations.get(second.id)).toMatchObject({ usage: none, costUsd: null });
      const totals = await store.runs.get(run.id);
      expect(totals.usage).toEqual({ inputTokens: 3_000_000_000, outputTokens: 85, cachedTokens: 1000 });
      expect(totals.costUsd).toBeCloseTo(0.0123, 10);
    });

    test("a run's cost stays null until a cost is known", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      expect(await store.runs.get(run.id)).toMatchObject({
        usage: { inputTokens: 0, outputTokens: 0, cachedTokens: 0 },
        costUsd: null,
      });
      await store.runs.addUsage(run.id, {
        inputTokens: 10,
        outputTokens: 2,
        cachedTokens: null,
        costUsd: null,
      });
      expect((await store.runs.get(run.id)).costUsd).toBeNull();
      // Nothing to add (no usage, no cost) leaves the run's row exactly as it was.
      const before = await store.runs.get(run.id);
      await store.runs.addUsage(run.id, {
        inputTokens: null,
        outputTokens: null,
        cachedTokens: null,
        costUsd: null,
      });
      expect(await store.runs.get(run.id)).toEqual(before);
      await store.runs.addUsage(run.id, {
        inputTokens: null,
        outputTokens: null,
        cachedTokens: null,
        costUsd: 0.5,
      });
      await store.runs.addUsage(run.id, {
        inputTokens: null,
        outputTokens: null,
        cachedTokens: null,
        costUsd: 0.25,
      });
      expect(await store.runs.get(run.id)).toMatchObject({
        usage: { inputTokens: 10, outputTokens: 2, cachedTokens: 0 },
        costUsd: 0.75,
      });
    });
  });

  describe("model prices", () => {
    test("set, replaced, listed by model and deleted", async ({ open }) => {
      const store = await open();
      const price = {
        input_usd_per_million: 3,
        output_usd_per_million: 15,
        cached_input_usd_per_million: 0.3,
      };
      await store.modelPrices.set("qwen3:8b", { ...price, input_usd_per_million: 0.1 });
      await store.modelPrices.set("claude-sonnet-4-5", price);
      await store.modelPrices.set("qwen3:8b", { ...price, input_usd_per_million: 0.2 });

      expect(
        (await store.modelPrices.list()).map(({ model, price }) => [model, price.input_usd_per_million]),
      ).toEqual([
        ["claude-sonnet-4-5", 3],
        ["qwen3:8b", 0.2],
      ]);
      expect((await store.modelPrices.get("claude-sonnet-4-5"))?.price).toEqual(price);
      expect(await store.modelPrices.delete("qwen3:8b")).toBe(true);
      expect(await store.modelPrices.delete("qwen3:8b")).toBe(false);
      expect(await store.modelPrices.get("qwen3:8b")).toBeUndefined();
    });
  });
}
