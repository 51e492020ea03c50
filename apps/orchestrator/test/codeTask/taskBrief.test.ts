import { GuildsError } from "@guilds/protocol/guildsError";
import { TASK_NOTES_MAX_BYTES } from "@guilds/protocol/harnessLimits";
import { describe, expect, test } from "vitest";
import type { LoadedNote, NoteReader } from "../../src/notes/noteReader.ts";
import { BRIEF_PREAMBLE, composeBrief, loadBriefNotes } from "../../src/tools/codeTask/taskBrief.ts";

// Step 4: the preamble, the task, the notes and their cap, the refusals.

describe("the preamble", () => {
  test("says what the page's step 4 lists", () => {
    expect(BRIEF_PREAMBLE).toContain("You cannot reach the operator");
    expect(BRIEF_PREAMBLE).toMatch(
      /blocked, or the task needs a decision[^\n]*stop and ask your question in your final message/,
    );
    expect(BRIEF_PREAMBLE).toContain("You may commit on the current branch.");
    expect(BRIEF_PREAMBLE).toContain("Never push, and never open a pull request.");
    expect(BRIEF_PREAMBLE).toMatch(/final message that says what you changed and what you ran/);
  });
});

describe("the brief", () => {
  test("the preamble, then the task under # Task, then each note under # <display path>", () => {
    const brief = composeBrief("  Fix the flaky test in src/a.test.ts.\n", [
      { path: "runbooks/testing.md", text: "Run npm test.\n\n" },
      { path: "tasks/t-12", text: '{\n  "title": "flaky"\n}' },
    ]);
    expect(brief).toBe(
      `${BRIEF_PREAMBLE}\n\n# Task\n\nFix the flaky test in src/a.test.ts.\n\n# runbooks/testing.md\n\nRun npm test.\n\n# tasks/t-12\n\n{\n  "title": "flaky"\n}\n`,
    );
  });

  test("without notes, the preamble and the task", () => {
    expect(composeBrief("Do it.", [])).toBe(`${BRIEF_PREAMBLE}\n\n# Task\n\nDo it.\n`);
  });

  test("notes up to 64 KiB together are included", () => {
    const half = "a".repeat(TASK_NOTES_MAX_BYTES / 2);
    const brief = composeBrief("x", [
      { path: "one.md", text: half },
      { path: "two.md", text: half },
    ]);
    expect(brief).toContain("# two.md");
    expect(brief).not.toContain("not included");
  });

  test("the note that passes the cap, and every note after it, is named on a closing line, not included", () => {
    const brief = composeBrief("x", [
      { path: "big.md", text: "a".repeat(TASK_NOTES_MAX_BYTES - 10) },
      { path: "over.md", text: "é".repeat(6) },
      { path: "small.md", text: "tiny" },
    ]);
    expect(brief).toContain("# big.md");
    expect(brief).not.toContain("# over.md");
    expect(brief).not.toContain("# small.md");
    expect(
      brief.endsWith("These notes were not included, past the 64 KiB cap on notes: over.md, small.md\n"),
    ).toBe(true);
    const one = composeBrief("x", [{ path: "huge.md", text: "a".repeat(TASK_NOTES_MAX_BYTES + 1) }]);
    expect(one.endsWith("This note was not included, past the 64 KiB cap on notes: huge.md\n")).toBe(true);
  });
});

describe("loading the notes", () => {
  const notes: Record<string, LoadedNote> = {
    "runbooks/deploy.md": { ok: true, kind: "note", text: "Deploy with make." },
    "tasks/t-1": { ok: true, kind: "record", text: '{"id": 1}' },
    tasks: {
      ok: false,
      reason: "collection",
      message: '"tasks" is a collection; name its records instead: tasks/t-1.',
    },
    "scripts/x": { ok: false, reason: "script", message: '"scripts/x" is a script.' },
  };
  const reader: NoteReader = {
    read: async (_agent, path) =>
      notes[path] ?? {
        ok: false,
        reason: "missing",
        message: `${JSON.stringify(path)} is not a note of this guild.`,
      },
  };
  const agent = { id: "ag_1", guildId: "gd_1" };

  test("notes and records, in order, by display path", async () => {
    expect(await loadBriefNotes(reader, agent, ["tasks/t-1", "runbooks/deploy.md"])).toEqual([
      { path: "tasks/t-1", text: '{"id": 1}' },
      { path: "runbooks/deploy.md", text: "Deploy with make." },
    ]);
  });

  test.each([
    ["tasks", "note.refused", "is a collection"],
    ["scripts/x", "note.refused", "is a script"],
    ["nope.md", "note.missing", "is not a note of this guild"],
  ])("%s fails the call (%s)", async (path, code, says) => {
    const caught = await loadBriefNotes(reader, agent, ["runbooks/deploy.md", path]).catch((error) => error);
    expect(caught).toBeInstanceOf(GuildsError);
    expect(caught.code).toBe(code);
    expect(caught.message).toContain(`notes cannot include ${JSON.stringify(path)}: `);
    expect(caught.message).toContain(says);
  });
});
