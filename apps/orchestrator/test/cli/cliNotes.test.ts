import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { runCli } from "./runCli.ts";

const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-notes-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const environment = { GUILDS_HOME: home };
const guilds = (args: string[], input?: string) => runCli(args, environment, input);
const file = (name: string, content: string | Buffer) => {
  const where = path.join(home, name);
  writeFileSync(where, content);
  return where;
};

beforeAll(async () => {
  expect((await guilds(["guild", "create", "acme"])).code).toBe(0);
});

/** Each CLI call is a process start: seconds apiece on a loaded machine. */
const MANY_CALLS = { timeout: 180_000 };

test("note set from stdin, replaced from a file, get", MANY_CALLS, async () => {
  const created = await guilds(["note", "set", "acme", "runbooks/deploy.md"], "# Deploy\nmake deploy\n");
  expect(created).toMatchObject({ code: 0, stdout: "created note runbooks/deploy.md in acme (21 bytes)\n" });
  const replaced = await guilds([
    "note",
    "set",
    "acme",
    "runbooks/deploy.md",
    "--file",
    file("deploy.md", "# v2\n"),
  ]);
  expect(replaced.stdout).toBe("replaced note runbooks/deploy.md in acme (5 bytes)\n");
  expect((await guilds(["note", "get", "acme", "runbooks/deploy.md"])).stdout).toBe("# v2\n");
  expect((await guilds(["note", "delete", "acme", "runbooks/deploy.md"])).stdout).toBe(
    "deleted note runbooks/deploy.md from acme\n",
  );
});

test("a collection and its records: set, get, list, deleted once empty", MANY_CALLS, async () => {
  expect((await guilds(["note", "set", "acme", "tasks", "--kind", "collection"])).stdout).toBe(
    "created collection tasks in acme (no content)\n",
  );
  const record = await guilds(["note", "set", "acme", "tasks/t-12", "--kind", "record"], '{"title":"Ship"}');
  expect(record.stdout).toBe("created record tasks/t-12 in acme (21 bytes)\n");
  expect((await guilds(["note", "get", "acme", "tasks/t-12"])).stdout).toBe('{\n  "title": "Ship"\n}\n');
  expect((await guilds(["note", "get", "acme", "tasks"])).stdout).toMatch(
    /^tasks\/t-12\trecord\t21 bytes\t\d{4}-\d\d-\d\dT[\d:.]+Z\n$/,
  );

  expect((await guilds(["note", "list", "acme"])).stdout).toMatch(
    /^tasks\tcollection\tno content\t\S+\ntasks\/t-12\trecord\t21 bytes\t\S+\n$/,
  );
  expect((await guilds(["note", "list", "acme", "tasks"])).stdout.split("\n").length).toBe(3);
  expect((await guilds(["note", "list", "acme", "nothing"])).stdout).toBe(
    "no notes at or under nothing; `guilds note list acme` lists them all\n",
  );

  const busy = await guilds(["note", "delete", "acme", "tasks"]);
  expect(busy).toMatchObject({ code: 1, stdout: "" });
  expect(busy.stderr).toBe(
    'guilds: [note.collection_not_empty] The collection "tasks" holds 1 note (tasks/t-12); delete it first.\n',
  );
  expect((await guilds(["note", "delete", "acme", "tasks/t-12"])).stdout).toBe(
    "deleted record tasks/t-12 from acme\n",
  );
  expect((await guilds(["note", "delete", "acme", "tasks"])).stdout).toBe(
    "deleted collection tasks from acme\n",
  );
  const gone = await guilds(["note", "get", "acme", "tasks"]);
  expect(gone.code).toBe(1);
  expect(gone.stderr).toContain("[note.not_found]");
});

test("a record must be a JSON object; content is at most 1 MiB of UTF-8 text", MANY_CALLS, async () => {
  const array = await guilds(["note", "set", "acme", "tasks/t-1", "--kind", "record"], "[1, 2]");
  expect(array.code).toBe(1);
  expect(array.stderr).toBe(
    'guilds: [note.record_invalid] The record "tasks/t-1" is an array; a record\'s content is one JSON object, like {"title": "Deploy", "done": false}.\n',
  );
  const broken = await guilds(["note", "set", "acme", "tasks/t-1", "--kind", "record"], "{title: 1}");
  expect(broken.stderr).toContain("is not valid JSON");

  const large = file("large.md", Buffer.alloc(1024 * 1024 + 1, "a"));
  const tooLarge = await guilds(["note", "set", "acme", "large.md", "--file", large]);
  expect(tooLarge.code).toBe(1);
  expect(tooLarge.stderr).toBe(
    `guilds: [note.too_large] ${large} holds more than 1048576 bytes; a note holds at most 1 MiB. Split it into several notes.\n`,
  );
  const binary = await guilds([
    "note",
    "set",
    "acme",
    "blob",
    "--file",
    file("blob", Buffer.from([0xff, 0xfe, 0x00])),
  ]);
  expect(binary.code).toBe(2);
  expect(binary.stderr).toContain("is not UTF-8 text");
  expect((await guilds(["note", "list", "acme", "tasks"])).stdout).toContain("no notes at or under tasks");
});

test.each([
  { args: ["note"], says: "note takes set <guild> <path> [--kind K] [--file F], get <guild> <path>" },
  { args: ["note", "set", "acme"], says: "note set needs 2 arguments: guilds note set <guild> <path>" },
  {
    args: ["note", "set", "acme", "x", "--kind", "diary"],
    says: "a kind is one of note, record, collection, script",
  },
  { args: ["note", "set", "acme", "x", "--kind", "collection", "--file", "f"], says: "drop --file" },
  {
    args: ["note", "set", "acme", "x", "--file", "/nonexistent/f.md"],
    says: "cannot read /nonexistent/f.md",
  },
  { args: ["note", "get", "nowhere", "x"], says: 'there is no guild "nowhere"' },
])("$args exits 2 and says how to fix it", async ({ args, says }) => {
  const run = await guilds(args);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain(says);
});

test("a path that is not a note path is refused, saying why", async () => {
  const run = await guilds(["note", "set", "acme", "/etc/motd"], "hi");
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('[note.path_invalid] The note path "/etc/motd" starts with "/"; drop it.');
});
