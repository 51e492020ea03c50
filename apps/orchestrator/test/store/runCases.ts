import { describe, expect } from "vitest";
import type { HarnessTaskMetadata } from "../../src/store/runStore.ts";
import { seedRun } from "./seedRun.ts";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

export function runCases(test: StoreTest): void {
  describe("runs", () => {
    test("create, get and list, newest first", async ({ open }) => {
      const store = await open();
      const { guild, agent, run } = await seedRun(store);
      const second = await store.runs.create({ agentId: agent.id, metadata: { source: "cli" } });

      expect(run).toMatchObject({
        guildId: guild.id,
        agentId: agent.id,
        status: "running",
        statusReason: null,
      });
      expect(run).toMatchObject({ metadata: {}, toolCallsUsed: 0, endedAt: null });
      expect(await store.runs.get(second.id)).toEqual(second);
      expect((await store.runs.list({ agentId: agent.id })).map((listed) => listed.id)).toEqual([
        second.id,
        run.id,
      ]);
      expect(
        (await store.runs.list({ guildId: guild.id, before: second.id })).map((listed) => listed.id),
      ).toEqual([run.id]);
      expect(await store.runs.list({ agentId: agent.id, status: "completed" })).toEqual([]);
      await expectGuildsError(store.runs.create({ agentId: "ag_missing" }), "agent.not_found", 404);
    });

    test("end happens once: a cancel after completion changes nothing; reopen runs it again", async ({
      open,
    }) => {
      const store = await open();
      const { run } = await seedRun(store);

      expect(await store.runs.end(run.id, "completed")).toBe(true);
      expect(await store.runs.end(run.id, "cancelled", "operator")).toBe(false);
      const ended = await store.runs.get(run.id);
      expect(ended).toMatchObject({ status: "completed", statusReason: null });
      expect(ended.endedAt).not.toBeNull();

      const reopened = await store.runs.reopen(run.id);
      expect(reopened).toMatchObject({ status: "running", endedAt: null });
      await expectGuildsError(store.runs.end("run_missing", "failed"), "run.not_found", 404);
    });

    test("a run that ends leaves none of its generations or tool calls running", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const { run: other } = await seedRun(store, "other");
      const done = await store.generations.start(run.id, { model: "scripted:scripted" });
      await store.generations.end(done.id, { status: "completed" });
      const left = await store.generations.start(run.id, { model: "scripted:scripted" });
      const call = { generationId: left.id, callId: "c1", tool: "shell", argumentsText: "{}" };
      const running = await store.toolCalls.create({ runId: run.id, ...call, started: true });
      const pending = await store.toolCalls.create({ runId: run.id, ...call, callId: "c2" });
      const elsewhere = await store.generations.start(other.id, { model: "scripted:scripted" });

      expect(await store.runs.end(run.id, "failed", "storage.full: the disk is full")).toBe(true);

      expect(await store.generations.get(done.id)).toMatchObject({ status: "completed", error: null });
      expect(await store.generations.get(left.id)).toMatchObject({
        status: "failed",
        error: "storage.full: the disk is full",
      });
      for (const id of [running.id, pending.id]) {
        const ended = await store.toolCalls.get(id);
        expect(ended).toMatchObject({ status: "failed", error: "storage.full: the disk is full" });
        expect(ended.endedAt).not.toBeNull();
      }
      expect(await store.generations.get(elsewhere.id)).toMatchObject({ status: "running" });
    });

    test("consumeToolCall spends the budget exactly, even when called concurrently", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);

      const spent = await Promise.all(Array.from({ length: 8 }, () => store.runs.consumeToolCall(run.id, 5)));

      expect(spent.filter((used) => used !== undefined).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(spent.filter((used) => used === undefined)).toHaveLength(3);
      expect((await store.runs.get(run.id)).toolCallsUsed).toBe(5);
    });

    test("patchMetadata sets and removes keys (harness_task) without losing concurrent patches", async ({
      open,
    }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const task: HarnessTaskMetadata = {
        call_id: "toolu_1",
        harness: "claude",
        repository: "web",
        session_id: null,
        log_path: ".runs/run_x/toolu_1.harness.jsonl",
        start_sha: null,
      };

      await store.runs.patchMetadata(run.id, { harness_task: task });
      await store.runs.patchMetadata(run.id, { harness_task: { ...task, session_id: "5f0c" } });
      expect((await store.runs.get(run.id)).metadata).toEqual({
        harness_task: { ...task, session_id: "5f0c" },
      });

      await Promise.all(
        Array.from({ length: 20 }, (_, index) => store.runs.patchMetadata(run.id, { [`k${index}`]: index })),
      );
      const metadata = await store.runs.patchMetadata(run.id, { harness_task: null });
      expect(Object.keys(metadata).sort()).toEqual(
        Array.from({ length: 20 }, (_, index) => `k${index}`).sort(),
      );
    });
  });
}
