import { describe, expect } from "vitest";
import type { Store } from "../../src/store/store.ts";
import { seedRun } from "./seedRun.ts";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

const OWNED_TABLES = ["run", "message", "generation", "tool_call", "run_event"] as const;

/** A run of the seeded agent with a row in every table a run owns, ended so nothing is in progress. */
async function seedEndedRun(store: Store, runId: string): Promise<void> {
  await store.messages.append(runId, { role: "operator", content: { text: "hello" } });
  const generation = await store.generations.start(runId, { model: "m" });
  await store.toolCalls.create({
    runId,
    generationId: generation.id,
    callId: "toolu_01",
    tool: "shell",
    argumentsText: "{}",
  });
  await store.events.append(runId, { type: "message.created", payload: { seq: 1 } });
  await store.runs.end(runId, "completed");
}

export function deletionCases(test: StoreTest): void {
  describe("deleting", () => {
    test("an agent with a run in progress is refused with agent.busy, naming the run", async ({
      db,
      open,
    }) => {
      const store = await open();
      const { agent, run } = await seedRun(store);

      const error = await expectGuildsError(store.agents.delete(agent.id), "agent.busy", 409);

      expect(error.message).toBe(
        `The agent coder has a run in progress (${run.id} of coder); cancel it first (Ctrl-C where \`guilds run\` shows it, or POST /api/runs/${run.id}/cancel), then delete the agent.`,
      );
      expect(await store.agents.get(agent.id)).toEqual(agent);
      expect(await db.rawRows("select count(*) as n from run")).toEqual([{ n: 1 }]);
    });

    test("an idle agent goes with its runs, messages, generations, tool calls, events and secrets", async ({
      db,
      open,
    }) => {
      const store = await open();
      const { guild, agent, run } = await seedRun(store);
      await seedEndedRun(store, run.id);
      await store.secrets.set({ scope: "agent", agentId: agent.id }, { name: "DEPLOY", value: "d" });
      await store.secrets.set({ scope: "guild", guildId: guild.id }, { name: "SHARED", value: "s" });

      const deletion = await store.agents.delete(agent.id);

      expect(deletion).toEqual({ agent, runs: 1, secrets: ["DEPLOY"] });
      for (const table of OWNED_TABLES) {
        expect(await db.rawRows(`select count(*) as n from ${table}`)).toEqual([{ n: 0 }]);
      }
      expect(await db.rawRows("select name from secret")).toEqual([{ name: "SHARED" }]);
      await expectGuildsError(store.agents.delete(agent.id), "agent.not_found", 404);
    });

    test("a guild with agents is refused with guild.not_empty, naming them", async ({ open }) => {
      const store = await open();
      const { guild } = await seedRun(store);
      await store.agents.create({
        guildId: guild.id,
        name: "tester",
        modelProvider: "scripted",
        modelName: "m",
      });

      const error = await expectGuildsError(store.guilds.delete(guild.id), "guild.not_empty", 409);

      expect(error.message).toBe(
        "The guild acme has 2 agents (coder, tester); delete them first. Its repositories, secrets and notes go with the guild.",
      );
      expect(await store.guilds.get(guild.id)).toEqual(guild);
    });

    test("a guild without agents goes with its repositories and secrets", async ({ db, open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      await store.repositories.create({
        guildId: guild.id,
        name: "web",
        url: "https://x.test/w.git",
        token: "t",
      });
      await store.repositories.create({ guildId: guild.id, name: "api", localPath: "/srv/api" });
      await store.secrets.set({ scope: "guild", guildId: guild.id }, { name: "API_KEY", value: "v" });

      const deletion = await store.guilds.delete(guild.id);

      expect(deletion).toEqual({ guild, repositories: ["api", "web"], secrets: ["API_KEY"], notes: 0 });
      for (const table of ["guild", "repository", "secret"]) {
        expect(await db.rawRows(`select count(*) as n from ${table}`)).toEqual([{ n: 0 }]);
      }
      await expectGuildsError(store.guilds.delete(guild.id), "guild.not_found", 404);
    });

    test("a repository is refused with repository.in_use while a run of the guild is in progress", async ({
      open,
    }) => {
      const store = await open();
      const { guild, run } = await seedRun(store);
      const repository = await store.repositories.create({
        guildId: guild.id,
        name: "web",
        localPath: "/srv/web",
      });

      const error = await expectGuildsError(
        store.repositories.delete(repository.id),
        "repository.in_use",
        409,
      );
      expect(error.message).toContain(`(${run.id} of coder)`);

      await store.runs.end(run.id, "cancelled", "by the operator");
      expect(await store.repositories.delete(repository.id)).toEqual(repository);
      await expectGuildsError(store.repositories.get(repository.id), "repository.not_found", 404);
    });
  });
}
