import { describe, expect } from "vitest";
import { NOTE_CONTENT_MAX_BYTES } from "../../src/store/noteContent.ts";
import { NOTE_PATH_MAX_LENGTH } from "../../src/store/notePath.ts";
import { expectGuildsError, type StoreTest } from "./storeFixture.ts";

export function noteCases(test: StoreTest): void {
  describe("notes", () => {
    test("each kind set, read back, listed with its size, replaced, deleted", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const markdown = "# Deploy\n\nRun `make deploy`. Café.\n";

      const created = await store.notes.set(guild.id, { path: "runbooks/deploy.md", content: markdown });
      expect(created.created).toBe(true);
      expect(created.note).toMatchObject({
        guildId: guild.id,
        path: "runbooks/deploy.md",
        kind: "note",
        content: markdown,
        size: Buffer.byteLength(markdown),
      });
      expect(created.note.id).toMatch(/^note_[0-9a-z]{18}$/);
      await store.notes.set(guild.id, { path: "tasks", kind: "collection" });
      const record = await store.notes.set(guild.id, {
        path: "tasks/t-12",
        kind: "record",
        content: '{"title":"Ship it","done":false,"tags":["a"]}',
      });
      expect(record.note.content).toBe(
        '{\n  "title": "Ship it",\n  "done": false,\n  "tags": [\n    "a"\n  ]\n}',
      );
      await store.notes.set(guild.id, {
        path: "scripts/check.sh",
        kind: "script",
        content: "#!/bin/sh\nexit 0\n",
      });

      expect(await store.notes.get(guild.id, "runbooks/deploy.md")).toEqual(created.note);
      expect(await store.notes.get(guild.id, "tasks")).toMatchObject({
        kind: "collection",
        content: null,
        size: 0,
      });
      expect((await store.notes.list(guild.id)).map((note) => [note.path, note.kind, note.size])).toEqual([
        ["runbooks/deploy.md", "note", Buffer.byteLength(markdown)],
        ["scripts/check.sh", "script", 17],
        ["tasks", "collection", 0],
        ["tasks/t-12", "record", Buffer.byteLength(record.note.content ?? "")],
      ]);

      const replaced = await store.notes.set(guild.id, { path: "tasks/t-12", content: '{"done": true}' });
      expect(replaced.created).toBe(false);
      expect(replaced.note).toMatchObject({
        id: record.note.id,
        kind: "record",
        content: '{\n  "done": true\n}',
      });
      expect(replaced.note.createdAt).toBe(record.note.createdAt);
      expect(replaced.note.updatedAt >= record.note.updatedAt).toBe(true);

      expect(await store.notes.delete(guild.id, "runbooks/deploy.md")).toMatchObject({
        path: "runbooks/deploy.md",
      });
      expect(await store.notes.find(guild.id, "runbooks/deploy.md")).toBeUndefined();
      const gone = await expectGuildsError(
        store.notes.get(guild.id, "runbooks/deploy.md"),
        "note.not_found",
        404,
      );
      expect(gone.message).toBe(
        'The guild has no note "runbooks/deploy.md"; list the guild\'s notes to find the right path.',
      );
      await expectGuildsError(store.notes.delete(guild.id, "runbooks/deploy.md"), "note.not_found", 404);
    });

    test("a prefix lists the path and what is under it, in code point order", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const paths = [
        "tasks/t-2",
        "tasks",
        "tasks-old",
        "Tasks/x",
        "tasks/t-1",
        "tasks/sub/deep",
        "a_b/c",
        "axb/c",
      ];
      for (const path of paths) await store.notes.set(guild.id, { path, content: path });

      expect((await store.notes.list(guild.id)).map((note) => note.path)).toEqual([
        "Tasks/x",
        "a_b/c",
        "axb/c",
        "tasks",
        "tasks-old",
        "tasks/sub/deep",
        "tasks/t-1",
        "tasks/t-2",
      ]);
      const under = (prefix: string) =>
        store.notes.list(guild.id, { prefix }).then((notes) => notes.map((n) => n.path));
      expect(await under("tasks")).toEqual(["tasks", "tasks/sub/deep", "tasks/t-1", "tasks/t-2"]);
      expect(await under("tasks/")).toEqual(await under("tasks"));
      expect(await under("tasks/sub")).toEqual(["tasks/sub/deep"]);
      expect(await under("a_b")).toEqual(["a_b/c"]);
      expect(await under("nothing")).toEqual([]);
      expect(await under("")).toHaveLength(paths.length);
      await expectGuildsError(store.notes.list(guild.id, { prefix: "../x" }), "note.path_invalid", 400);
    });

    test("paths are checked, each refusal saying what is wrong", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const refused: [string, string][] = [
        ["", "is empty"],
        ["/etc/passwd", 'starts with "/"'],
        ["runbooks/", 'ends with "/"'],
        ["a//b", "empty segment"],
        ["a/../b", '".." segment'],
        ["./a", '"." segment'],
        ["a\tb", "other than those allowed"],
        ["café", "other than those allowed"],
        ["a/ b", "space at the start or end"],
        ["x".repeat(NOTE_PATH_MAX_LENGTH + 1), `is ${NOTE_PATH_MAX_LENGTH + 1} characters long`],
      ];
      for (const [path, says] of refused) {
        const error = await expectGuildsError(
          store.notes.set(guild.id, { path, content: "x" }),
          "note.path_invalid",
          400,
        );
        expect(error.message).toContain(says);
        expect(error.message).toContain("like runbooks/deploy.md or tasks/t-12");
      }
      for (const path of ["My notes/week 1.md", "a.b_c-d/E9", "x".repeat(NOTE_PATH_MAX_LENGTH)]) {
        expect((await store.notes.set(guild.id, { path, content: "x" })).note.path).toBe(path);
      }
    });

    test("content is checked by kind; at most 1 MiB", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      const set = (
        path: string,
        kind: "note" | "record" | "collection" | "script",
        content?: string | null,
      ) => store.notes.set(guild.id, { path, kind, content });

      for (const [content, says] of [
        ["[1, 2]", "is an array"],
        ["3", "is a number"],
        ["null", "is null"],
        ["{not json", "is not valid JSON"],
      ]) {
        const error = await expectGuildsError(
          set("tasks/t-1", "record", content),
          "note.record_invalid",
          400,
        );
        expect(error.message).toContain(says);
        expect(error.message).toContain("one JSON object");
      }
      await expectGuildsError(set("tasks", "collection", "text"), "note.content_invalid", 400);
      await expectGuildsError(set("a", "note"), "note.content_missing", 400);
      await expectGuildsError(set("a", "script", "a\u0000b"), "note.content_invalid", 400);
      expect((await set("empty", "note", "")).note.size).toBe(0);

      const largest = "é".repeat(NOTE_CONTENT_MAX_BYTES / 2);
      expect((await set("big", "note", largest)).note.size).toBe(NOTE_CONTENT_MAX_BYTES);
      const tooLarge = await expectGuildsError(set("bigger", "note", `${largest}x`), "note.too_large", 413);
      expect(tooLarge.message).toContain(`is ${NOTE_CONTENT_MAX_BYTES + 1} bytes`);
      expect(tooLarge.message).toContain("1 MiB, also the API's request body limit");
      expect(await store.notes.find(guild.id, "bigger")).toBeUndefined();
    });

    test("a path keeps its kind: another kind there is note.kind_conflict", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      await store.notes.set(guild.id, { path: "plan", content: "text" });
      const error = await expectGuildsError(
        store.notes.set(guild.id, { path: "plan", kind: "record", content: "{}" }),
        "note.kind_conflict",
        409,
      );
      expect(error.message).toBe(
        '"plan" is a note, not a record; set it as a note, or delete it first to keep a record there.',
      );
      expect((await store.notes.get(guild.id, "plan")).content).toBe("text");
    });

    test("a collection is deleted once it holds nothing", async ({ open }) => {
      const store = await open();
      const guild = await store.guilds.create({ name: "acme" });
      await store.notes.set(guild.id, { path: "tasks", kind: "collection" });
      await store.notes.set(guild.id, { path: "tasks/t-1", kind: "record", content: "{}" });
      await store.notes.set(guild.id, { path: "tasks-old", content: "not in it" });
      const error = await expectGuildsError(
        store.notes.delete(guild.id, "tasks"),
        "note.collection_not_empty",
        409,
      );
      expect(error.message).toBe('The collection "tasks" holds 1 note (tasks/t-1); delete it first.');
      await store.notes.delete(guild.id, "tasks/t-1");
      expect(await store.notes.delete(guild.id, "tasks")).toMatchObject({ kind: "collection" });
      expect((await store.notes.list(guild.id)).map((note) => note.path)).toEqual(["tasks-old"]);
    });

    test("paths are per guild; an unknown guild is guild.not_found", async ({ open }) => {
      const store = await open();
      const acme = await store.guilds.create({ name: "acme" });
      const other = await store.guilds.create({ name: "other" });
      await store.notes.set(acme.id, { path: "plan", content: "acme's" });
      await store.notes.set(other.id, { path: "plan", content: "other's" });
      expect((await store.notes.get(acme.id, "plan")).content).toBe("acme's");
      expect((await store.notes.get(other.id, "plan")).content).toBe("other's");

      await expectGuildsError(
        store.notes.set("g_missing", { path: "plan", content: "x" }),
        "guild.not_found",
        404,
      );
      await expectGuildsError(store.notes.get("g_missing", "plan"), "guild.not_found", 404);
      await expectGuildsError(store.notes.list("g_missing"), "guild.not_found", 404);
      await expectGuildsError(store.notes.delete("g_missing", "plan"), "guild.not_found", 404);
    });

    test("deleting a guild deletes its notes, and only its own", async ({ db, open }) => {
      const store = await open();
      const doomed = await store.guilds.create({ name: "doomed" });
      const kept = await store.guilds.create({ name: "kept" });
      await store.notes.set(doomed.id, { path: "tasks", kind: "collection" });
      await store.notes.set(doomed.id, { path: "tasks/t-1", kind: "record", content: '{"a": 1}' });
      await store.notes.set(kept.id, { path: "plan", content: "stays" });

      await store.guilds.delete(doomed.id);

      expect(await db.rawRows("select guild_id, path from note")).toEqual([
        { guild_id: kept.id, path: "plan" },
      ]);
    });
  });
}
