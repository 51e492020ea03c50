import { describe, expect } from "vitest";
import { EVENT_RETENTION_MS } from "../../src/store/eventStore.ts";
import { seedRun } from "./seedRun.ts";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

export function eventCases(test: StoreTest): void {
  describe("run events", () => {
    test("ids grow across runs; a run's and a guild's streams resume after an id", async ({ open }) => {
      const store = await open();
      const { guild, agent, run } = await seedRun(store);
      const other = await store.runs.create({ agentId: agent.id });
      expect(await store.events.lastId()).toBe(0);

      const first = await store.events.append(run.id, { type: "message.created", payload: { seq: 1 } });
      const second = await store.events.append(other.id, { type: "message.created", payload: { seq: 1 } });
      const third = await store.events.append(run.id, {
        type: "tool.started",
        payload: { tool_call_id: "tc_1" },
      });

      expect(second.id).toBeGreaterThan(first.id);
      expect(third.id).toBeGreaterThan(second.id);
      expect(third).toMatchObject({
        runId: run.id,
        guildId: guild.id,
        type: "tool.started",
        payload: { tool_call_id: "tc_1" },
      });
      expect(await store.events.listForRun(run.id)).toEqual([first, third]);
      expect(await store.events.listForRun(run.id, first.id)).toEqual([third]);
      expect(await store.events.listForGuild(guild.id, first.id)).toEqual([second, third]);
      expect(await store.events.listForGuild(guild.id, 0, 1)).toEqual([first]);
      expect(await store.events.lastId()).toBe(third.id);
      await expectGuildsError(
        store.events.append("run_missing", { type: "x", payload: null }),
        "run.not_found",
        404,
      );
      expect(await store.events.lastId()).toBe(third.id);
    });

    test("50 concurrent appends: distinct ids, listed in id order", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);

      const appended = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          store.events.append(run.id, { type: "tool.finished", payload: { index } }),
        ),
      );

      const ids = appended.map((event) => event.id).sort((left, right) => left - right);
      expect(new Set(ids).size).toBe(50);
      expect(ids).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
      expect((await store.events.listForRun(run.id)).map((event) => event.id)).toEqual(ids);
    });

    test("appendAll: consecutive ids in the order given, across runs, one timestamp", async ({ open }) => {
      const store = await open();
      const { guild, agent, run } = await seedRun(store);
      const other = await store.runs.create({ agentId: agent.id });
      const before = await store.events.append(run.id, { type: "run.started", payload: {} });
      expect(await store.events.appendAll([])).toEqual([]);

      const batch = await store.events.appendAll([
        { runId: run.id, type: "message.created", payload: { seq: 2 } },
        { runId: other.id, type: "run.started", payload: {} },
        { runId: run.id, type: "tool.finished", payload: { seq: 2 } },
      ]);

      expect(batch.map((event) => event.id)).toEqual([before.id + 1, before.id + 2, before.id + 3]);
      expect(batch.map((event) => [event.runId, event.guildId, event.type])).toEqual([
        [run.id, guild.id, "message.created"],
        [other.id, guild.id, "run.started"],
        [run.id, guild.id, "tool.finished"],
      ]);
      expect(new Set(batch.map((event) => event.createdAt)).size).toBe(1);
      const [known] = await store.events.appendAll([
        { runId: run.id, guildId: guild.id, type: "tool.started", payload: {} },
      ]);
      expect(known).toMatchObject({ id: before.id + 4, runId: run.id, guildId: guild.id });
      expect(await store.events.listForRun(run.id, before.id)).toEqual([batch[0], batch[2], known]);
      expect(await store.events.lastId()).toBe(before.id + 4);
    });

    test("appendAll with a missing run stores none of its events", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      await expectGuildsError(
        store.events.appendAll([
          { runId: run.id, type: "message.created", payload: {} },
          { runId: "run_missing", type: "tool.finished", payload: {} },
        ]),
        "run.not_found",
        404,
      );
      expect(await store.events.lastId()).toBe(0);
      expect(await store.events.listForRun(run.id)).toEqual([]);
    });

    test("concurrent batches: each batch's ids consecutive, all of them with no gap", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);

      const batches = await Promise.all(
        Array.from({ length: 20 }, (_, batch) =>
          store.transaction(async (stores) => {
            await stores.messages.append(run.id, { role: "tool", content: { batch } });
            return stores.events.appendAll(
              [0, 1, 2].map((index) => ({ runId: run.id, type: "tool.finished", payload: { batch, index } })),
            );
          }),
        ),
      );

      for (const batch of batches) {
        const [first] = batch;
        expect(batch.map((event) => event.id)).toEqual([0, 1, 2].map((index) => (first?.id ?? 0) + index));
      }
      const ids = batches.flat().map((event) => event.id);
      expect(ids.sort((left, right) => left - right)).toEqual(
        Array.from({ length: 60 }, (_, index) => index + 1),
      );
    });

    test("events appended in a transaction that fails are not stored, nor their ids used", async ({
      open,
    }) => {
      const store = await open();
      const { run } = await seedRun(store);
      await expect(
        store.transaction(async (stores) => {
          await stores.messages.append(run.id, { role: "tool", content: {} });
          await stores.events.appendAll([{ runId: run.id, type: "message.created", payload: {} }]);
          throw new Error("a fault after the events");
        }),
      ).rejects.toThrow("a fault after the events");
      expect(await store.messages.list(run.id)).toEqual([]);
      expect(await store.events.lastId()).toBe(0);
      const next = await store.events.append(run.id, { type: "message.created", payload: {} });
      expect(next.id).toBe(1);
    });

    test("prune drops the events of runs ended past the retention, keeps the rest", async ({ open }) => {
      const store = await open();
      const { agent, run: running } = await seedRun(store);
      const ended = await store.runs.create({ agentId: agent.id });
      await store.events.append(running.id, { type: "message.created", payload: {} });
      await store.events.append(ended.id, { type: "message.created", payload: {} });
      await store.runs.end(ended.id, "completed");

      expect(await store.events.prune(new Date())).toBe(0);
      const later = new Date(Date.now() + EVENT_RETENTION_MS + 60_000);
      expect(await store.events.prune(later)).toBe(1);

      expect(await store.events.listForRun(ended.id)).toEqual([]);
      expect(await store.events.listForRun(running.id)).toHaveLength(1);
    });
  });
}
