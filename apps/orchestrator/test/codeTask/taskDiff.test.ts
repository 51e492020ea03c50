import { GuildsError } from "@guilds/protocol/guildsError";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkpointRef, takeCheckpoint } from "../../src/tools/codeTask/checkpoint.ts";
import {
  diffSummary,
  formatDiffstat,
  HeadWithin,
  NumstatTally,
  unifiedDiff,
} from "../../src/tools/codeTask/taskDiff.ts";
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
      expect(caught).toBeInstanceOf(GuildsError);
      expect((caught as GuildsError).code).toBe("checkpoint.diff_failed");
      expect((caught as GuildsError).message).toContain(
        `git could not diff ${missing} and HEAD in ${folder}`,
      );
      expect((caught as GuildsError).message).toContain("git said:\n  fatal: bad object");
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
    expect((caught as GuildsError).code).toBe("checkpoint.diff_failed");
    expect(await sh(machine, `ls ${folder}`)).not.toContain("stolen");
  });
});

describe("formatDiffstat", () => {
  test("the page's lines, with the Unicode minus", () => {
    const lines = formatDiffstat({
      filesChanged: 3,
      insertions: 12,
      deletions: 4,
      files: [
        { path: "src/app.ts", insertions: 10, deletions: 4 },
        { path: "logo.png", insertions: null, deletions: null },
        { path: "docs/new.md", previousPath: "docs/old.md", insertions: 2, deletions: 0 },
      ],
      moreFiles: 0,
    });
    expect(lines).toEqual([
      "3 files changed, +12 −4",
      "src/app.ts (+10 −4)",
      "logo.png (binary)",
      "docs/old.md → docs/new.md (+2 −0)",
    ]);
    expect(lines[0]?.codePointAt(lines[0].indexOf("4") - 1)).toBe(0x2212);
  });

  test("one file reads as the page writes it, <n> files changed", () => {
    expect(
      formatDiffstat({
        filesChanged: 1,
        insertions: 0,
        deletions: 7,
        files: [{ path: "a.txt", insertions: 0, deletions: 7 }],
        moreFiles: 0,
      }),
    ).toEqual(["1 files changed, +0 −7", "a.txt (+0 −7)"]);
  });

  test("past the listed files: … N more files", () => {
    const files = Array.from({ length: 30 }, (_, index) => ({
      path: `f${index}`,
      insertions: 1,
      deletions: 0,
    }));
    const lines = formatDiffstat({
      filesChanged: 10_000,
      insertions: 10_000,
      deletions: 0,
      files,
      moreFiles: 9_970,
    });
    expect(lines).toHaveLength(32);
    expect(lines[0]).toBe("10000 files changed, +10000 −0");
    expect(lines[31]).toBe("… 9970 more files");
  });

  test("nothing changed", () => {
    expect(formatDiffstat({ filesChanged: 0, insertions: 0, deletions: 0, files: [], moreFiles: 0 })).toEqual(
      ["no files changed"],
    );
  });
});

/** Feeds `output` to a tally in pieces of `size` bytes, as a pipe may cut it. */
function tallied(output: Buffer, size: number, keep = 30) {
  const tally = new NumstatTally(keep);
  for (let start = 0; start < output.length; start += size) tally.push(output.subarray(start, start + size));
  return tally.summary();
}

describe("NumstatTally", () => {
  const output = Buffer.from(
    "3\t1\ta.txt\0-\t-\timage.png\0" +
      "0\t0\t\0old name.txt\0new name.txt\0" +
      "2\t0\tdir/é\ttab\0" +
      "-\t-\t\0old.bin\0new.bin\0",
  );
  const expected = {
    filesChanged: 5,
    insertions: 5,
    deletions: 1,
    files: [
      { path: "a.txt", insertions: 3, deletions: 1 },
      { path: "image.png", insertions: null, deletions: null },
      { path: "new name.txt", previousPath: "old name.txt", insertions: 0, deletions: 0 },
      { path: "dir/é\ttab", insertions: 2, deletions: 0 },
      { path: "new.bin", previousPath: "old.bin", insertions: null, deletions: null },
    ],
    moreFiles: 0,
  };

  test("reads every record whatever the chunks", () => {
    for (const size of [1, 2, 3, 7, output.length]) expect(tallied(output, size)).toEqual(expected);
  });

  test("keeps the first files and counts the rest", () => {
    expect(tallied(output, 5, 2)).toEqual({ ...expected, files: expected.files.slice(0, 2), moreFiles: 3 });
  });

  test("10,000 files: totals over all, 30 kept", () => {
    const tally = new NumstatTally(30);
    for (let index = 0; index < 10_000; index += 1)
      tally.push(Buffer.from(`${index % 7}\t1\tf${index}.txt\0`));
    const summary = tally.summary();
    expect(summary.filesChanged).toBe(10_000);
    expect(summary.insertions).toBe(29_994);
    expect(summary.deletions).toBe(10_000);
    expect(summary.files).toHaveLength(30);
    expect(summary.moreFiles).toBe(9_970);
  });

  test("nothing is no files", () => {
    expect(new NumstatTally(30).summary()).toEqual({
      filesChanged: 0,
      insertions: 0,
      deletions: 0,
      files: [],
      moreFiles: 0,
    });
  });
});

function headOf(text: string, maxBytes: number, chunkBytes = 3) {
  const head = new HeadWithin(maxBytes);
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += chunkBytes) {
    if (head.push(bytes.subarray(start, start + chunkBytes)) === "enough") break;
  }
  return { text: head.text(), truncated: head.truncated };
}

describe("HeadWithin", () => {
  test("all of it when it fits, exactly too", () => {
    expect(headOf("ab\ncd\n", 100)).toEqual({ text: "ab\ncd\n", truncated: false });
    expect(headOf("ab\ncd\n", 6)).toEqual({ text: "ab\ncd\n", truncated: false });
  });

  test("cut after the last whole line within the bound", () => {
    expect(headOf("ab\ncd\n", 5)).toEqual({ text: "ab\n", truncated: true });
    expect(headOf("ab\ncd\nef\n", 6)).toEqual({ text: "ab\ncd\n", truncated: true });
  });

  test("one long line: cut before a character the bound would split", () => {
    // "é" is 2 bytes: 4 bytes hold "aé" and one byte of the next "é".
    expect(headOf("aééé", 4, 1)).toEqual({ text: "aé", truncated: true });
    expect(headOf("abcdef", 4)).toEqual({ text: "abcd", truncated: true });
  });

  test("a bound of zero keeps nothing", () => {
    expect(headOf("x", 0)).toEqual({ text: "", truncated: true });
    expect(headOf("", 0)).toEqual({ text: "", truncated: false });
  });
});
