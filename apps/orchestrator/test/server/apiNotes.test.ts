import { NoteList, NoteView } from "@guilds/protocol/apiViews";
import { expect } from "vitest";
import { z } from "zod";
import { appTest as test } from "./appFixture.ts";

const ErrorBody = z.strictObject({ error: z.strictObject({ code: z.string(), message: z.string() }) });

/** A display path as one path segment: its slashes encoded, as OpenAPI path parameters are. */
const at = (guildId: string, notePath: string) =>
  `/api/guilds/${guildId}/notes/${encodeURIComponent(notePath)}`;

test("notes: put, get, list with a prefix, replace, delete", async ({ fixture: { call } }) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const id = String(guild.id);

  const put = await call("PUT", at(id, "runbooks/deploy.md"), { content: "# Deploy\n" });
  expect(put.status).toBe(200);
  const note = NoteView.parse(await put.json());
  expect(note).toMatchObject({
    guild_id: id,
    path: "runbooks/deploy.md",
    kind: "note",
    size: 9,
    content: "# Deploy\n",
  });
  expect(Object.keys(note).sort()).toEqual(
    ["id", "guild_id", "path", "kind", "size", "content", "created_at", "updated_at"].sort(),
  );
  await call("PUT", at(id, "tasks"), { kind: "collection" });
  const record = await (
    await call("PUT", at(id, "tasks/t-12"), { content: { title: "Ship", done: false } })
  ).json();
  expect(record).toMatchObject({ kind: "record", content: '{\n  "title": "Ship",\n  "done": false\n}' });
  await call("PUT", at(id, "tasks/t-13"), { kind: "record", content: '{"title": "Test"}' });

  expect(await (await call("GET", at(id, "runbooks/deploy.md"))).json()).toEqual(note);
  expect(await (await call("GET", at(id, "tasks"))).json()).toMatchObject({
    kind: "collection",
    content: null,
  });

  const listed = NoteList.parse(await (await call("GET", `/api/guilds/${id}/notes`)).json());
  expect(listed.notes.map((entry) => entry.path)).toEqual([
    "runbooks/deploy.md",
    "tasks",
    "tasks/t-12",
    "tasks/t-13",
  ]);
  const tasks = NoteList.parse(await (await call("GET", `/api/guilds/${id}/notes?prefix=tasks`)).json());
  expect(tasks.notes.map((entry) => `${entry.path} ${entry.kind}`)).toEqual([
    "tasks collection",
    "tasks/t-12 record",
    "tasks/t-13 record",
  ]);

  const replaced = await (
    await call("PUT", at(id, "runbooks/deploy.md"), { content: "# Deploy v2\n" })
  ).json();
  expect(replaced).toMatchObject({
    id: note.id,
    kind: "note",
    content: "# Deploy v2\n",
    created_at: note.created_at,
  });

  const busy = await call("DELETE", at(id, "tasks"));
  expect(busy.status).toBe(409);
  expect(await busy.json()).toMatchObject({ error: { code: "note.collection_not_empty" } });
  const deleted = await call("DELETE", at(id, "runbooks/deploy.md"));
  expect(await deleted.json()).toEqual({ deleted: "runbooks/deploy.md" });
  const gone = await call("GET", at(id, "runbooks/deploy.md"));
  expect(gone.status).toBe(404);
  expect((await gone.json()).error).toEqual({
    code: "note.not_found",
    message: 'The guild has no note "runbooks/deploy.md"; list the guild\'s notes to find the right path.',
  });
});

test("note errors are JSON {error: {code, message}} with the status that fits", async ({
  fixture: { call },
}) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const id = String(guild.id);
  const failure = async (method: string, url: string, body?: unknown) => {
    const answer = await call(method, url, body);
    return { status: answer.status, ...ErrorBody.parse(await answer.json()).error };
  };

  expect(await failure("PUT", at(id, "../x"), { content: "x" })).toMatchObject({
    status: 400,
    code: "note.path_invalid",
  });
  expect(await failure("PUT", at(id, "tasks/t-1"), { kind: "record", content: "[1]" })).toMatchObject({
    status: 400,
    code: "note.record_invalid",
    message: expect.stringContaining("is an array"),
  });
  expect(await failure("PUT", at(id, "plan"), { kind: "note", content: { a: 1 } })).toMatchObject({
    status: 400,
    code: "note.content_invalid",
    message: expect.stringContaining('send "kind": "record"'),
  });
  expect(await failure("PUT", at(id, "plan"), { kind: "diary", content: "x" })).toMatchObject({
    status: 400,
    code: "request.invalid",
  });
  await call("PUT", at(id, "plan"), { content: "x" });
  expect(await failure("PUT", at(id, "plan"), { kind: "script", content: "x" })).toMatchObject({
    status: 409,
    code: "note.kind_conflict",
  });
  expect(await failure("GET", at("g_missing", "plan"))).toMatchObject({
    status: 404,
    code: "guild.not_found",
  });
  expect(await failure("GET", `/api/guilds/${id}/notes?prefix=/abs`)).toMatchObject({
    status: 400,
    code: "note.path_invalid",
  });
});

test("a note's content may fill the 1 MiB body limit less its JSON; a larger body is a 413", async ({
  fixture: { call },
}) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const id = String(guild.id);
  const nearly = "x".repeat(1024 * 1024 - 100);
  const stored = await call("PUT", at(id, "big.md"), { content: nearly });
  expect(stored.status).toBe(200);
  expect((await stored.json()).size).toBe(nearly.length);

  const over = await call("PUT", at(id, "bigger.md"), { content: `${nearly}${"y".repeat(200)}` });
  expect(over.status).toBe(413);
  expect(await over.json()).toMatchObject({ error: { code: "request.too_large" } });
});
