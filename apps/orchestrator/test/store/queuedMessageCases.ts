import { describe, expect } from "vitest";
import { seedRun } from "./seedRun.ts";
import type { StoreTest } from "./storeFixture.ts";

export function queuedMessageCases(test: StoreTest): void {
  describe("queued messages", () => {
    test("enqueue keeps each run's messages in the order sent; take empties the queue once", async ({
      open,
    }) => {
      const store = await open();
      const { agent, run } = await seedRun(store);
      const otherRun = await store.runs.create({ agentId: agent.id });

      const first = await store.queuedMessages.enqueue(run.id, "also check the docs");
      const second = await store.queuedMessages.enqueue(run.id, "and the changelog");
      const elsewhere = await store.queuedMessages.enqueue(otherRun.id, "other");

      expect(first).toMatchObject({ runId: run.id, text: "also check the docs" });
      expect(await store.queuedMessages.list(run.id)).toEqual([first, second]);
      expect(await store.queuedMessages.take(run.id)).toEqual([first, second]);
      expect(await store.queuedMessages.take(run.id)).toEqual([]);
      expect(await store.queuedMessages.list(otherRun.id)).toEqual([elsewhere]);
    });

    test("a take rolled back with its transaction leaves the messages queued", async ({ open }) => {
      const store = await open();
      const { run } = await seedRun(store);
      const queued = await store.queuedMessages.enqueue(run.id, "keep me");

      const failed = store.transaction(async (stores) => {
        expect(await stores.queuedMessages.take(run.id)).toEqual([queued]);
        await stores.messages.append(run.id, { role: "operator", content: { text: queued.text } });
        throw new Error("the generation could not start");
      });
      await expect(failed).rejects.toThrow("could not start");

      expect(await store.queuedMessages.list(run.id)).toEqual([queued]);
      expect(await store.messages.list(run.id)).toEqual([]);
    });

    test("survive the store's close and reopen; deleting the run's agent deletes them", async ({
      db,
      open,
    }) => {
      const first = await open();
      const { agent, run } = await seedRun(first);
      const queued = await first.queuedMessages.enqueue(run.id, "after the restart");
      await first.close();

      const second = await open();
      expect(await second.queuedMessages.list(run.id)).toEqual([queued]);
      await second.runs.end(run.id, "interrupted");
      await second.agents.delete(agent.id);
      expect(await db.rawRows("select count(*) as n from queued_message")).toEqual([{ n: 0 }]);
    });
  });
}
