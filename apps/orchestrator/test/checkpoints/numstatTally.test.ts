import { describe, expect, test } from "vitest";
import { NumstatTally } from "../../src/tools/codeTask/taskDiff.ts";

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
