import { describe, expect } from "vitest";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

export function agentCases(test: StoreTest): void {
  describe("agents", () => {
    test("create with defaults, get, find by name, list", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const agent = await store.agents.create({
        guildId: guild.id,
        name: "coder",
        modelProvider: "anthropic",
        modelName: "claude-sonnet-4-5",
      });

      expect(agent).toMatchObject({
        guildId: guild.id,
        name: "coder",
        harness: null,
        harnessModel: null,
        harnessEffort: null,
        modelProvider: "anthropic",
        modelName: "claude-sonnet-4-5",
        modelBaseUrl: null,
        coding: true,
        maxToolCalls: 100,
        idleStopMinutes: 30,
        limits: { pids: null, memoryBytes: null, cpus: null, diskBytes: null },
      });
      expect(agent.id).toMatch(/^ag_/);
      expect(await store.agents.get(agent.id)).toEqual(agent);
      expect(await store.agents.findByName(guild.id, "coder")).toEqual(agent);
      expect(await store.agents.list(guild.id)).toEqual([agent]);
    });

    test("every setting is stored and updated; the coding flag reads back live", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const agent = await store.agents.create({
        guildId: guild.id,
        name: "local",
        harness: "codex",
        harnessModel: "gpt-5-codex",
        harnessEffort: "high",
        modelProvider: "openai-compatible",
        modelName: "qwen3-coder",
        modelBaseUrl: "http://127.0.0.1:11434/v1",
        coding: false,
        maxToolCalls: 7,
        idleStopMinutes: 5,
      });
      expect(agent).toMatchObject({ harness: "codex", coding: false, maxToolCalls: 7, idleStopMinutes: 5 });

      const updated = await store.agents.update(agent.id, {
        coding: true,
        harness: null,
        modelBaseUrl: "",
        name: "renamed",
      });

      expect(updated).toMatchObject({
        coding: true,
        harness: null,
        modelBaseUrl: null,
        name: "renamed",
        harnessModel: "gpt-5-codex",
      });
      expect((await store.agents.get(agent.id)).coding).toBe(true);
    });

    test("machine limits: stored past 2^31 bytes and as fractions of a CPU, set, kept, reset to null", async ({
      open,
    }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const gib = 1024 ** 3;
      const agent = await store.agents.create({
        guildId: guild.id,
        name: "big",
        modelProvider: "scripted",
        modelName: "demo",
        limits: { pids: 4096, memoryBytes: 16 * gib, cpus: 0.5, diskBytes: 100 * gib },
      });
      const limits = { pids: 4096, memoryBytes: 16 * gib, cpus: 0.5, diskBytes: 100 * gib };
      expect(agent.limits).toEqual(limits);
      expect((await store.agents.get(agent.id)).limits).toEqual(limits);

      const changed = await store.agents.update(agent.id, { limits: { memoryBytes: null, cpus: 1.25 } });
      const expected = { pids: 4096, memoryBytes: null, cpus: 1.25, diskBytes: 100 * gib };
      expect(changed.limits).toEqual(expected);
      expect((await store.agents.update(agent.id, { coding: false })).limits).toEqual(expected);
      expect((await store.agents.list(guild.id))[0]?.limits).toEqual(expected);
    });

    test("an invalid machine limit is agent.invalid naming it", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const base = { guildId: guild.id, name: "a", modelProvider: "scripted", modelName: "demo" } as const;
      const refused = [
        { pids: 0 },
        { pids: 2.5 },
        { cpus: 0 },
        { memoryBytes: 4 },
        { diskBytes: Number.NaN },
      ];
      for (const limits of refused) {
        await expectGuildsError(store.agents.create({ ...base, limits }), "agent.invalid", 400);
      }
      await expect(store.agents.create({ ...base, limits: { memoryBytes: 1024 } })).rejects.toThrow(
        /limits\.memory must be a whole number of bytes, at least 1048576 \(1 MiB\) \(got 1024\)/,
      );
      const agent = await store.agents.create(base);
      await expectGuildsError(store.agents.update(agent.id, { limits: { pids: -1 } }), "agent.invalid", 400);
    });

    test("names are unique per guild: agent.exists, on create and on rename", async ({ open }) => {
      const store = await open();
      const acme = await store.guilds.create({ name: "acme" });
      const other = await store.guilds.create({ name: "other" });
      const base = { modelProvider: "scripted", modelName: "demo" } as const;
      await store.agents.create({ guildId: acme.id, name: "coder", ...base });
      const second = await store.agents.create({ guildId: acme.id, name: "reviewer", ...base });

      await expectGuildsError(
        store.agents.create({ guildId: acme.id, name: "coder", ...base }),
        "agent.exists",
        409,
      );
      await expectGuildsError(store.agents.update(second.id, { name: "coder" }), "agent.exists", 409);
      await store.agents.create({ guildId: other.id, name: "coder", ...base });
    });

    test("invalid settings are agent.invalid; an unknown guild or agent is not_found", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const base = { guildId: guild.id, name: "a", modelProvider: "scripted", modelName: "demo" } as const;

      await expectGuildsError(store.agents.create({ ...base, maxToolCalls: 0 }), "agent.invalid", 400);
      await expectGuildsError(store.agents.create({ ...base, idleStopMinutes: 1.5 }), "agent.invalid", 400);
      await expectGuildsError(store.agents.create({ ...base, modelName: " " }), "agent.invalid", 400);
      await expectGuildsError(store.agents.create({ ...base, guildId: "g_missing" }), "guild.not_found", 404);
      await expectGuildsError(store.agents.update("ag_missing", { coding: false }), "agent.not_found", 404);
      await expectGuildsError(store.agents.delete("ag_missing"), "agent.not_found", 404);
    });

    test("deleting an agent deletes its runs and secrets", async ({ db, open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const agent = await store.agents.create({
        guildId: guild.id,
        name: "a",
        modelProvider: "scripted",
        modelName: "d",
      });
      const run = await store.runs.create({ agentId: agent.id });
      await store.runs.end(run.id, "completed");
      await store.secrets.set({ scope: "agent", agentId: agent.id }, { name: "API_KEY", value: "v" });

      await store.agents.delete(agent.id);

      await expectGuildsError(store.runs.get(run.id), "run.not_found", 404);
      expect(await db.rawRows("select count(*) as n from secret")).toEqual([{ n: 0 }]);
    });
  });
}
