import { describe, expect, test } from "vitest";
import { formatDiffstat } from "../../src/tools/codeTask/taskDiff.ts";

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
