import { describe, expect } from "vitest";
import { seedRun } from "./seedRun.ts";
import type { StoreTest } from "./storeFixture.ts";

/** What the server's log redactor reads: every value, and a version that changes with them. */
export function allSecretValuesCases(test: StoreTest): void {
  describe("allValues and valuesVersion", () => {
    test("every guild's, agent's and repository's value; the version changes when one is added or replaced", async ({
      open,
    }) => {
      const store = await open();
      const empty = await store.secrets.valuesVersion();
      expect(await store.secrets.allValues()).toEqual([]);
      const { guild, agent } = await seedRun(store);
      const { guild: other } = await seedRun(store, "globex");

      await store.secrets.set({ scope: "guild", guildId: guild.id }, { name: "A", value: "guild-value" });
      const afterOne = await store.secrets.valuesVersion();
      expect(afterOne).not.toBe(empty);
      await store.secrets.set({ scope: "agent", agentId: agent.id }, { name: "B", value: "agent-value" });
      await store.secrets.set({ scope: "guild", guildId: other.id }, { name: "A", value: "other-value" });
      await store.repositories.create({
        guildId: guild.id,
        name: "web",
        url: "https://x.test/web.git",
        token: "repo-token",
      });
      expect((await store.secrets.allValues()).sort()).toEqual([
        "agent-value",
        "guild-value",
        "other-value",
        "repo-token",
      ]);

      const before = await store.secrets.valuesVersion();
      expect(await store.secrets.valuesVersion()).toBe(before);
      await store.secrets.set({ scope: "guild", guildId: guild.id }, { name: "A", value: "guild-value-2" });
      const replaced = await store.secrets.valuesVersion();
      expect(replaced).not.toBe(before);
      expect(await store.secrets.allValues()).toContain("guild-value-2");
      await store.secrets.set({ scope: "agent", agentId: agent.id }, { name: "C", value: "another" });
      expect(await store.secrets.valuesVersion()).not.toBe(replaced);
    });
  });
}
