import { describe, expect } from "vitest";
import type { StoreTest } from "./storeFixture.ts";
import type { TestDatabase } from "./testDatabases.ts";

export function migrationCases(test: StoreTest, database: TestDatabase): void {
  describe("migrations", () => {
    test("run at open, once: a second open finds the schema current and the data kept", async ({
      db,
      open,
    }) => {
      const first = await open();
      await first.guilds.create({ name: "kept" });
      await first.close();

      const second = await open();
      expect((await second.guilds.list()).map((guild) => guild.name)).toEqual(["kept"]);
      const applied = await db.rawRows("select name from kysely_migration order by name");
      expect(applied).toEqual([
        { name: "0001_initial" },
        { name: "0002_note" },
        { name: "0003_server_lease" },
        { name: "0004_agent_limits" },
        { name: "0005_token_scope" },
        { name: "0006_run_title" },
        { name: "0007_usage" },
        { name: "0008_queued_messages" },
        { name: "0009_context_versions" },
      ]);
    });

    test.runIf(database.kind === "sqlite")("SQLite runs in WAL mode", async ({ db, open }) => {
      await open();
      expect(await db.rawRows("pragma journal_mode")).toEqual([{ journal_mode: "wal" }]);
    });

    test("foreign keys are enforced: deleting an agent, then its guild, deletes what is in them", async ({
      db,
      open,
    }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "doomed" });
      const agent = await store.agents.create({
        guildId: guild.id,
        name: "a",
        modelProvider: "scripted",
        modelName: "m",
      });
      const run = await store.runs.create({ agentId: agent.id });
      await store.messages.append(run.id, { role: "operator", content: "hello" });
      await store.events.append(run.id, { type: "message.created", payload: { seq: 1 } });
      await store.runs.end(run.id, "completed");

      await store.agents.delete(agent.id);
      await store.guilds.delete(guild.id);

      for (const table of ["agent", "run", "message", "run_event"]) {
        expect(await db.rawRows(`select count(*) as n from ${table}`)).toEqual([{ n: 0 }]);
      }
    });
  });
}
