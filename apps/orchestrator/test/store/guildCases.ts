import { describe, expect } from "vitest";
import { seedRun } from "./seedRun.ts";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

export function guildCases(test: StoreTest): void {
  describe("guilds", () => {
    test("create, get, find by name, list, delete", async ({ open }) => {
      const store = await open();
      const beta = await store.guilds.create({ name: "beta" });
      const alpha = await store.guilds.create({ name: "alpha" });

      expect(beta.id).toMatch(/^g_[0-9a-z]{18}$/);
      expect(await store.guilds.get(beta.id)).toEqual(beta);
      expect(await store.guilds.findByName("alpha")).toEqual(alpha);
      expect(await store.guilds.findByName("gamma")).toBeUndefined();
      expect((await store.guilds.list()).map((guild) => guild.name)).toEqual(["alpha", "beta"]);

      await store.guilds.delete(beta.id);
      await expectGuildsError(store.guilds.get(beta.id), "guild.not_found", 404);
      await expectGuildsError(store.guilds.delete(beta.id), "guild.not_found", 404);
    });

    test("pages of the list, read one after another, are the whole list in its order", async ({ open }) => {
      const store = await open();
      const names = [
        "beta",
        "Alpha",
        "alpha",
        "Ärger",
        "zeta",
        "_x",
        "a b",
        "a-b",
        "émile",
        "Zeta",
        "10",
        "9",
      ];
      for (const name of names) await store.guilds.create({ name });
      const whole = (await store.guilds.list()).map((guild) => guild.name);
      expect([...whole].sort()).toEqual([...names].sort());

      const paged: string[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < names.length; pages++) {
        const page = await store.guilds.list({ after, limit: 3 });
        paged.push(...page.map((guild) => guild.name));
        if (page.length < 3) break;
        after = page[page.length - 1]?.name;
      }
      expect(paged).toEqual(whole);
    });

    test("a taken name is guild.exists; a blank one guild.name_invalid", async ({ open }) => {
      const store = await open();
      await store.guilds.create({ name: "acme" });
      await expectGuildsError(store.guilds.create({ name: "acme" }), "guild.exists", 409);
      await expectGuildsError(store.guilds.create({ name: " " }), "guild.name_invalid", 400);
    });
  });

  describe("repositories", () => {
    test("a git URL with a token, or a local path; the token is kept as an encrypted secret", async ({
      db,
      open,
    }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const remote = await store.repositories.create({
        guildId: guild.id,
        name: "web-app",
        url: "https://github.com/acme/web-app.git",
        token: "ghp_repositoryToken123",
      });
      const local = await store.repositories.create({
        guildId: guild.id,
        name: "notes",
        localPath: "/srv/notes",
      });

      expect(remote).toMatchObject({
        name: "web-app",
        url: "https://github.com/acme/web-app.git",
        localPath: null,
        hasToken: true,
      });
      expect(local).toMatchObject({ name: "notes", url: null, localPath: "/srv/notes", hasToken: false });
      expect((await store.repositories.list(guild.id)).map((repository) => repository.name)).toEqual([
        "notes",
        "web-app",
      ]);
      expect(await store.repositories.findByName(guild.id, "notes")).toEqual(local);
      const stored = await db.rawRows("select value_encrypted from secret");
      expect(JSON.stringify(stored)).not.toContain("ghp_repositoryToken123");
      expect(await store.secrets.list({ scope: "guild", guildId: guild.id })).toEqual([]);
    });

    test("a password in the URL becomes the token and leaves the stored URL", async ({ db, open }) => {
      const store = await open();
      const { guild, agent } = await seedRun(store);

      const repository = await store.repositories.create({
        guildId: guild.id,
        name: "app",
        url: "https://x-access-token:s3cr%2Ft@github.com/acme/app.git",
      });

      expect(repository).toMatchObject({
        url: "https://x-access-token@github.com/acme/app.git",
        hasToken: true,
      });
      expect((await store.secrets.secretValuesForAgent(agent.id)).repositoryTokens).toEqual({
        app: "s3cr/t",
      });
      expect(JSON.stringify(await db.rawRows("select * from repository"))).not.toContain("s3cr");
    });

    test("setToken replaces and removes the token; a local path takes none", async ({ db, open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const remote = await store.repositories.create({
        guildId: guild.id,
        name: "api",
        url: "https://x.test/api.git",
      });
      const local = await store.repositories.create({
        guildId: guild.id,
        name: "docs",
        localPath: "/srv/docs",
      });

      expect((await store.repositories.setToken(remote.id, "first")).hasToken).toBe(true);
      expect((await store.repositories.setToken(remote.id, "second")).hasToken).toBe(true);
      expect(await db.rawRows("select count(*) as n from secret")).toEqual([{ n: 1 }]);
      expect((await store.repositories.setToken(remote.id, null)).hasToken).toBe(false);
      expect(await db.rawRows("select count(*) as n from secret")).toEqual([{ n: 0 }]);
      await expectGuildsError(store.repositories.setToken(local.id, "t"), "repository.token_needs_url", 400);
    });

    test("names are unique per guild and must be a folder name", async ({ open }) => {
      const store = await open();
      const acme = await store.guilds.create({ name: "acme" });
      const other = await store.guilds.create({ name: "other" });
      await store.repositories.create({ guildId: acme.id, name: "api", url: "https://x.test/api.git" });

      await expectGuildsError(
        store.repositories.create({ guildId: acme.id, name: "api", localPath: "/srv/api" }),
        "repository.exists",
        409,
      );
      await store.repositories.create({ guildId: other.id, name: "api", localPath: "/srv/api" });
      for (const name of ["../etc", "a b", "", "..", "ü"]) {
        await expectGuildsError(
          store.repositories.create({ guildId: acme.id, name, localPath: "/srv/x" }),
          "repository.name_invalid",
          400,
        );
      }
      await expectGuildsError(
        store.repositories.create({ guildId: "g_missing", name: "x", localPath: "/srv/x" }),
        "guild.not_found",
        404,
      );
    });

    test("deleting a repository deletes its token", async ({ db, open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const remote = await store.repositories.create({
        guildId: guild.id,
        name: "api",
        url: "https://x.test/a.git",
        token: "t0k",
      });

      await store.repositories.delete(remote.id);

      await expectGuildsError(store.repositories.get(remote.id), "repository.not_found", 404);
      expect(await db.rawRows("select count(*) as n from secret")).toEqual([{ n: 0 }]);
    });
  });
}
