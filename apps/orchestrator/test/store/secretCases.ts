import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { openStore } from "../../src/store/store.ts";
import { seedRun } from "./seedRun.ts";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";
import type { TestDatabase } from "./testDatabases.ts";

export function secretCases(test: StoreTest, database: TestDatabase): void {
  describe("secrets", () => {
    test("listed without their values; values reach only secretValuesForAgent", async ({ open }) => {
      const store = await open();
      const { guild, agent } = await seedRun(store);
      const other = await store.agents.create({
        guildId: guild.id,
        name: "other",
        modelProvider: "scripted",
        modelName: "d",
      });
      await store.secrets.set(
        { scope: "guild", guildId: guild.id },
        { name: "NPM_TOKEN", value: "npm-guild", aliases: ["NODE_AUTH_TOKEN"] },
      );
      await store.secrets.set(
        { scope: "guild", guildId: guild.id },
        { name: "API_KEY", value: "guild-api-key" },
      );
      await store.secrets.set(
        { scope: "agent", agentId: agent.id },
        { name: "API_KEY", value: "agent-api-key" },
      );
      await store.secrets.set(
        { scope: "agent", agentId: other.id },
        { name: "OTHER_ONLY", value: "not-for-coder" },
      );
      await store.repositories.create({
        guildId: guild.id,
        name: "web",
        url: "https://x.test/web.git",
        token: "repo-token",
      });

      const listed = await store.secrets.list({ scope: "guild", guildId: guild.id });
      expect(listed.map((secret) => [secret.name, secret.aliases])).toEqual([
        ["API_KEY", []],
        ["NPM_TOKEN", ["NODE_AUTH_TOKEN"]],
      ]);
      expect(
        JSON.stringify([listed, await store.secrets.list({ scope: "agent", agentId: agent.id })]),
      ).not.toMatch(/npm-guild|api-key|repo-token/);

      const values = await store.secrets.secretValuesForAgent(agent.id);
      expect(values.env).toEqual({
        NPM_TOKEN: "npm-guild",
        NODE_AUTH_TOKEN: "npm-guild",
        API_KEY: "agent-api-key",
      });
      expect(values.repositoryTokens).toEqual({ web: "repo-token" });
      expect([...values.values].sort()).toEqual([
        "agent-api-key",
        "guild-api-key",
        "npm-guild",
        "repo-token",
      ]);
      // A generation that has just read the agent gives it whole: the same values, its guild not read again.
      await expect(store.secrets.secretValuesForAgent(agent)).resolves.toEqual(values);
    });

    test("an agent's secret wins over the guild's; a name wins over another secret's alias", async ({
      open,
    }) => {
      const store = await open();
      const { guild, agent } = await seedRun(store);
      await store.secrets.set(
        { scope: "guild", guildId: guild.id },
        { name: "TOKEN_A", value: "a", aliases: ["SHARED"] },
      );
      await store.secrets.set({ scope: "guild", guildId: guild.id }, { name: "SHARED", value: "direct" });
      await store.secrets.set(
        { scope: "agent", agentId: agent.id },
        { name: "MINE", value: "m", aliases: ["TOKEN_A"] },
      );

      const { env } = await store.secrets.secretValuesForAgent(agent.id);

      expect(env).toEqual({ TOKEN_A: "m", SHARED: "direct", MINE: "m" });
    });

    test("set replaces the value and keeps the aliases unless given; setAliases, get, delete", async ({
      open,
    }) => {
      const store = await open();
      const { guild, agent } = await seedRun(store);
      const owner = { scope: "guild", guildId: guild.id } as const;
      const first = await store.secrets.set(owner, { name: "KEY", value: "one", aliases: ["ALIAS_ONE"] });
      const second = await store.secrets.set(owner, { name: "KEY", value: "two" });

      expect(second).toMatchObject({ id: first.id, aliases: ["ALIAS_ONE"] });
      expect((await store.secrets.secretValuesForAgent(agent.id)).env).toEqual({
        KEY: "two",
        ALIAS_ONE: "two",
      });
      expect(await store.secrets.setAliases(first.id, ["B", "B", "KEY"])).toMatchObject({ aliases: ["B"] });
      expect(await store.secrets.get(first.id)).toMatchObject({ name: "KEY", aliases: ["B"] });
      await store.secrets.delete(first.id);
      await expectGuildsError(store.secrets.get(first.id), "secret.not_found", 404);
    });

    test("names and aliases must be variable names; values must not be empty", async ({ open }) => {
      const store = await open();
      const { guild } = await seedRun(store);
      const owner = { scope: "guild", guildId: guild.id } as const;
      for (const name of ["lower", "1ST", "WITH-DASH", ""]) {
        await expectGuildsError(store.secrets.set(owner, { name, value: "v" }), "secret.name_invalid", 400);
      }
      await expectGuildsError(
        store.secrets.set(owner, { name: "OK", value: "v", aliases: ["bad alias"] }),
        "secret.name_invalid",
      );
      await expectGuildsError(store.secrets.set(owner, { name: "OK", value: "" }), "secret.value_empty", 400);
      await expectGuildsError(
        store.secrets.set({ scope: "agent", agentId: "ag_missing" }, { name: "OK", value: "v" }),
        "agent.not_found",
      );
    });

    test("values are encrypted at rest: no row holds the plaintext, yet it reads back", async ({
      db,
      open,
    }) => {
      const store = await open();
      const { guild, agent } = await seedRun(store);
      const plaintext = `plain-${randomBytes(12).toString("hex")}`;
      await store.secrets.set(
        { scope: "guild", guildId: guild.id },
        { name: "DEPLOY_KEY", value: plaintext },
      );

      const rows = await db.rawRows("select * from secret");
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(plaintext);
      expect(String(rows[0]?.value_encrypted)).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
      if (database.kind === "sqlite") {
        expect(db.rawFileBytes().includes(Buffer.from(plaintext))).toBe(false);
        expect(db.rawFileBytes().includes(Buffer.from("DEPLOY_KEY"))).toBe(true);
      }
      await store.close();

      const reopened = await open();
      expect((await reopened.secrets.secretValuesForAgent(agent.id)).env.DEPLOY_KEY).toBe(plaintext);
    });

    test("the key file is made on first use, mode 0600, and reused", async ({ db, open }) => {
      const store = await open();
      const { guild, agent } = await seedRun(store);
      const keyFile = path.join(db.config.home, "secret.key");
      expect(existsSync(keyFile)).toBe(false);

      await store.secrets.set({ scope: "guild", guildId: guild.id }, { name: "K", value: "v" });

      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const reopened = await open();
      expect((await reopened.secrets.secretValuesForAgent(agent.id)).env).toEqual({ K: "v" });
    });

    test("GUILDS_SECRET_KEY replaces the key file; another key cannot decrypt", async ({ db, open }) => {
      const keyA = randomBytes(32).toString("base64");
      const store = await openStore({ ...db.config, secretKey: keyA });
      try {
        const { guild, agent } = await seedRun(store);
        await store.secrets.set({ scope: "guild", guildId: guild.id }, { name: "K", value: "v" });
        expect(existsSync(path.join(db.config.home, "secret.key"))).toBe(false);
        expect((await store.secrets.secretValuesForAgent(agent.id)).env).toEqual({ K: "v" });

        const withFileKey = await open();
        await expectGuildsError(withFileKey.secrets.secretValuesForAgent(agent.id), "secret.undecryptable");
      } finally {
        await store.close();
      }
    });
  });
}
