import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createStoreNoteReader } from "../../src/notes/storeNoteReader.ts";
import { openStore, type Store } from "../../src/store/store.ts";

/** A store in a temp GUILDS_HOME with a guild "acme" and an agent of it (the reader's caller). */
const test = base.extend<{ store: Store; agent: { id: string; guildId: string } }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies this way
  store: async ({}, use) => {
    const home = await mkdtemp(path.join(tmpdir(), "guilds-notes-"));
    const store = await openStore(loadConfig({ GUILDS_HOME: home }));
    await use(store);
    await store.close();
    await rm(home, { recursive: true, force: true });
  },
  agent: async ({ store }, use) => {
    const guild = await store.guilds.create({ name: "acme" });
    const agent = await store.agents.create({
      guildId: guild.id,
      name: "coder",
      modelProvider: "scripted",
      modelName: "m",
    });
    await use({ id: agent.id, guildId: guild.id });
  },
});

test("a note is its text; a record its JSON view", async ({ store, agent }) => {
  await store.notes.set(agent.guildId, { path: "runbooks/deploy.md", content: "# Deploy\nmake deploy\n" });
  await store.notes.set(agent.guildId, {
    path: "tasks/t-12",
    kind: "record",
    content: '{"title":"Ship","n":[1]}',
  });
  const reader = createStoreNoteReader(store.notes);

  expect(await reader.read(agent, "runbooks/deploy.md")).toEqual({
    ok: true,
    kind: "note",
    text: "# Deploy\nmake deploy\n",
  });
  expect(await reader.read(agent, "tasks/t-12")).toEqual({
    ok: true,
    kind: "record",
    text: JSON.stringify({ title: "Ship", n: [1] }, null, 2),
  });
});

test("a collection and a script are refused, naming them", async ({ store, agent }) => {
  await store.notes.set(agent.guildId, { path: "tasks", kind: "collection" });
  await store.notes.set(agent.guildId, { path: "empty", kind: "collection" });
  for (let index = 1; index <= 7; index += 1) {
    await store.notes.set(agent.guildId, { path: `tasks/t-${index}`, kind: "record", content: "{}" });
  }
  await store.notes.set(agent.guildId, { path: "scripts/check.sh", kind: "script", content: "exit 0\n" });
  const reader = createStoreNoteReader(store.notes);

  expect(await reader.read(agent, "tasks")).toEqual({
    ok: false,
    reason: "collection",
    message:
      '"tasks" is a collection, which has no content of its own; name its records instead: tasks/t-1, tasks/t-2, tasks/t-3, tasks/t-4, tasks/t-5, and 2 more.',
  });
  expect(await reader.read(agent, "empty")).toMatchObject({
    reason: "collection",
    message: '"empty" is a collection, which has no content of its own; it holds no records yet.',
  });
  expect(await reader.read(agent, "scripts/check.sh")).toEqual({
    ok: false,
    reason: "script",
    message:
      '"scripts/check.sh" is a script, not a note or a record: its source is not appended to a brief. Pass notes and records only.',
  });
});

test("a missing note names its path and how to list the notes; another guild's is missing", async ({
  store,
  agent,
}) => {
  const other = await store.guilds.create({ name: "other" });
  await store.notes.set(other.id, { path: "secret-plan", content: "not for acme" });
  const reader = createStoreNoteReader(store.notes);

  for (const displayPath of ["runbooks/nope.md", "secret-plan"]) {
    expect(await reader.read(agent, displayPath)).toEqual({
      ok: false,
      reason: "missing",
      message: `"${displayPath}" is not a note of this guild. Check the path: \`guilds note list <guild>\` (or GET /api/guilds/<guild id>/notes) lists the guild's notes.`,
    });
  }
  expect(await reader.read(agent, "../etc/passwd")).toMatchObject({
    ok: false,
    reason: "missing",
    message: expect.stringContaining('"../etc/passwd" is not a note path: it has a ".." segment.'),
  });
});
