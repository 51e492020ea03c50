import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CheckpointError, checkpointRef, takeCheckpoint } from "../../src/tools/codeTask/checkpoint.ts";
import { diffSummary, formatDiffstat, unifiedDiff } from "../../src/tools/codeTask/taskDiff.ts";
import { type RepoMachine, startRepoMachine } from "../repos/repoMachine.ts";
import { committedRepository, sh } from "./repoScript.ts";

describe("the task diff between two checkpoints", () => {
  let repoMachine: RepoMachine;

  beforeAll(async () => {
    repoMachine = await startRepoMachine("agent-task-diff");
  });

  afterAll(async () => {
    await repoMachine.dispose();
  });

  /** A start checkpoint, `change` run in the repository, then the end checkpoint. */
  async function task(name: string, change: string): Promise<{ folder: string; start: string; end: string }> {
    const { machine } = repoMachine;
    const folder = await committedRepository(machine, name);
    const start = await takeCheckpoint(machine, {
      repoFolder: folder,
      ref: checkpointRef("r", name, "start"),
    });
    await sh(machine, `cd ${folder}\n${change}`);
    const end = await takeCheckpoint(machine, { repoFolder: folder, ref: checkpointRef("r", name, "end") });
    return { folder, start, end };
  }

  test("counts every file, binary ones as (binary)", async () => {
    const { machine } = repoMachine;
    const { folder, start, end } = await task(
      "counted",
      `printf 'one\\nTWO\\nthree\\nfour\\nfive\\n' > a.txt
rm gone.txt
printf 'c1\\nc2\\nc3\\n' > c.txt
printf '\\x00\\x01\\x02binary' > image.bin
printf 'ignored\\n' > build.log`,
    );

    const summary = await diffSummary(machine, { repoFolder: folder, from: start, to: end });

    expect(summary).toEqual({
      filesChanged: 4,
      insertions: 6,
      deletions: 5,
      files: [
        { path: "a.txt", insertions: 3, deletions: 1 },
        { path: "c.txt", insertions: 3, deletions: 0 },
        { path: "gone.txt", insertions: 0, deletions: 4 },
        { path: "image.bin", insertions: null, deletions: null },
      ],
      moreFiles: 0,
    });
    expect(formatDiffstat(summary)).toEqual([
      "4 files changed, +6 \u22125",
      "a.txt (+3 \u22121)",
      "c.txt (+3 \u22120)",
      "gone.txt (+0 \u22124)",
      "image.bin (binary)",
    ]);
  });

  test("a renamed file is one file, and odd paths come back as they are", async () => {
    const { machine } = repoMachine;
    const { folder, start, end } = await task(
      "renamed",
      `mv gone.txt kept.txt
printf 'tab\\n' > "$(printf 'with\\ttab.txt')"
printf 'line\\n' > "$(printf 'new\\nline.txt')"
printf 'accent\\n' > 'été "quoted".txt'`,
    );

    const summary = await diffSummary(machine, { repoFolder: folder, from: start, to: end });

    expect(summary.files).toEqual([
      { path: "kept.txt", previousPath: "gone.txt", insertions: 0, deletions: 0 },
      { path: "new\nline.txt", insertions: 1, deletions: 0 },
      { path: "with\ttab.txt", insertions: 1, deletions: 0 },
      { path: 'été "quoted".txt', insertions: 1, deletions: 0 },
    ]);
    expect(formatDiffstat(summary)[1]).toBe("gone.txt \u2192 kept.txt (+0 \u22120)");
  });

  test("past 30 files, 30 are listed and the rest counted", async () => {
    const { machine } = repoMachine;
    const { folder, start, end } = await task(
      "many",
      "mkdir many && for i in $(seq 100 134); do printf 'x\\ny\\n' > many/f$i.txt; done",
    );

    const summary = await diffSummary(machine, { repoFolder: folder, from: start, to: end });

    expect(summary.filesChanged).toBe(35);
    expect(summary.insertions).toBe(70);
    expect(summary.deletions).toBe(0);
    expect(summary.files).toHaveLength(30);
    expect(summary.files[29]).toEqual({ path: "many/f129.txt", insertions: 2, deletions: 0 });
    expect(summary.moreFiles).toBe(5);
    const lines = formatDiffstat(summary);
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe("35 files changed, +70 \u22120");
    expect(lines[1]).toBe("many/f100.txt (+2 \u22120)");
    expect(lines[31]).toBe("\u2026 5 more files");
  });

  test("nothing changed reads no files changed", async () => {
    const { machine } = repoMachine;
    const { folder, start, end } = await task("unchanged", "printf 'ignored\\n' > only.log");

    const summary = await diffSummary(machine, { repoFolder: folder, from: start, to: end });

    expect(summary).toEqual({ filesChanged: 0, insertions: 0, deletions: 0, files: [], moreFiles: 0 });
    expect(formatDiffstat(summary)).toEqual(["no files changed"]);
  });

  test("the unified diff, whole or cut at a line's end within maxBytes", async () => {
    const { machine } = repoMachine;
    const { folder, start, end } = await task(
      "unified",
      "for i in $(seq 1 200); do echo \"line $i of a longer file\"; done > long.txt && printf 'ONE\\n' > a.txt",
    );

    const whole = await unifiedDiff(machine, { repoFolder: folder, from: start, to: end, maxBytes: 1 << 20 });
    expect(whole.truncated).toBe(false);
    expect(whole.diff).toContain("diff --git a/a.txt b/a.txt\n");
    expect(whole.diff).toContain("+line 200 of a longer file\n");
    const wholeBytes = Buffer.byteLength(whole.diff);

    const exact = await unifiedDiff(machine, {
      repoFolder: folder,
      from: start,
      to: end,
      maxBytes: wholeBytes,
    });
    expect(exact).toEqual(whole);

    const cut = await unifiedDiff(machine, { repoFolder: folder, from: start, to: end, maxBytes: 1000 });
    expect(cut.truncated).toBe(true);
    expect(Buffer.byteLength(cut.diff)).toBeLessThanOrEqual(1000);
    expect(Buffer.byteLength(cut.diff)).toBeGreaterThan(900);
    expect(cut.diff.endsWith("\n")).toBe(true);
    expect(whole.diff.startsWith(cut.diff)).toBe(true);
  });

  test("an unknown commit is checkpoint.diff_failed with git's words", async () => {
    const { machine } = repoMachine;
    const folder = await committedRepository(machine, "unknown");
    const missing = "0123456789abcdef0123456789abcdef01234567";
    for (const read of [
      () => diffSummary(machine, { repoFolder: folder, from: missing, to: "HEAD" }),
      () => unifiedDiff(machine, { repoFolder: folder, from: missing, to: "HEAD", maxBytes: 100 }),
    ]) {
      const caught = await read().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(caught).toBeInstanceOf(CheckpointError);
      expect((caught as CheckpointError).code).toBe("checkpoint.diff_failed");
      expect((caught as CheckpointError).message).toContain(
        `git could not diff ${missing} and HEAD in ${folder}`,
      );
      expect((caught as CheckpointError).message).toContain("git said:\n  fatal: bad object");
    }
  });

  test("a commit is never read as an option", async () => {
    const { machine } = repoMachine;
    const folder = await committedRepository(machine, "options");
    const caught = await diffSummary(machine, {
      repoFolder: folder,
      from: "--output=stolen",
      to: "HEAD",
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((caught as CheckpointError).code).toBe("checkpoint.diff_failed");
    expect(await sh(machine, `ls ${folder}`)).not.toContain("stolen");
  });
});
