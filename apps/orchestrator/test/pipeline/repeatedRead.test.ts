import { describe, expect, test } from "vitest";
import { type FileReadRecord, fileReadRecord } from "../../src/pipeline/fileReadRecord.ts";
import {
  findRepeatOf,
  type ReadResult,
  repeatedReadText,
  replaceRepeatedRead,
} from "../../src/pipeline/repeatedRead.ts";

const HASH = "a".repeat(64);
const OTHER_HASH = "b".repeat(64);
const REAL = "/home/agent/repos/app/src/main.ts";

/** A successful file_read as the helper answers it. */
function read(range: [number, number], overrides: Record<string, unknown> = {}): ReadResult {
  return {
    ok: true,
    text: `src/main.ts · lines ${range[0]}–${range[1]} of 300\n...`,
    meta: {
      path: "src/main.ts",
      range,
      content_hash: HASH,
      lines: 300,
      real_path: REAL,
      truncated: false,
      ...overrides,
    },
  };
}

/** The run's record of a completed read. */
function recorded(result: ReadResult, seq: number, cut = false): FileReadRecord {
  const record = fileReadRecord({ ok: result.ok, meta: result.meta, seq, cut });
  if (record === undefined) throw new Error("not a file_read");
  return record;
}

describe("repeatedReadText", () => {
  test("the page's line, with an EN DASH", () => {
    expect(repeatedReadText("src/main.ts", [10, 20], 7)).toBe(
      "src/main.ts lines 10\u201320: unchanged since step 7; read that result.",
    );
  });
});

describe("replaceRepeatedRead", () => {
  test("a read whose lines an earlier read returned, same hash: the pointer, and repeat_of", () => {
    const history = [recorded(read([1, 200]), 4)];
    const again = read([50, 120]);
    expect(replaceRepeatedRead(again, history)).toEqual({
      ok: true,
      text: "src/main.ts lines 50–120: unchanged since step 4; read that result.",
      meta: { ...again.meta, repeat_of: 4 },
    });
  });

  test("the same range exactly, and the path shown as this read gives it", () => {
    const history = [recorded(read([1, 200]), 4)];
    const viaOtherCwd = read([1, 200], { path: "../app/src/main.ts" });
    expect(replaceRepeatedRead(viaOtherCwd, history).text).toBe(
      "../app/src/main.ts lines 1–200: unchanged since step 4; read that result.",
    );
  });

  test("several earlier reads qualify: the most recent is named", () => {
    const history = [recorded(read([1, 200]), 4), recorded(read([40, 60]), 9), recorded(read([1, 100]), 6)];
    expect(findRepeatOf(read([45, 55]), history)).toBe(9);
    expect(findRepeatOf(read([70, 90]), history)).toBe(6);
  });

  test("an earlier read stopped at the helper's cap counts for the lines it did return", () => {
    const history = [recorded(read([1, 140], { truncated: true }), 3)];
    expect(findRepeatOf(read([100, 140]), history)).toBe(3);
    expect(findRepeatOf(read([100, 141]), history)).toBeUndefined();
  });

  test("a new read stopped at the helper's cap is compared by the range it returned", () => {
    const history = [recorded(read([1, 200]), 3)];
    expect(findRepeatOf(read([150, 199], { truncated: true }), history)).toBe(3);
  });

  test("without real_path the path identifies the file", () => {
    const history = [recorded(read([1, 50], { real_path: undefined }), 2)];
    expect(findRepeatOf(read([1, 50], { real_path: undefined }), history)).toBe(2);
    expect(
      findRepeatOf(read([1, 50], { real_path: undefined, path: "src/other.ts" }), history),
    ).toBeUndefined();
  });

  test("a link to the same file (another path, the same real_path) is the same file", () => {
    const history = [recorded(read([1, 50], { path: "link-to-main.ts" }), 2)];
    expect(findRepeatOf(read([1, 50]), history)).toBe(2);
  });

  describe("is not a repeat", () => {
    const earlier = read([1, 200]);
    const cases: [string, FileReadRecord[], ReadResult][] = [
      ["no earlier read", [], read([1, 10])],
      [
        "the file changed (another hash)",
        [recorded(earlier, 4)],
        read([1, 10], { content_hash: OTHER_HASH }),
      ],
      [
        "another file",
        [recorded(earlier, 4)],
        read([1, 10], { real_path: "/home/agent/x.ts", path: "x.ts" }),
      ],
      ["lines before the earlier range", [recorded(read([10, 50]), 4)], read([9, 20])],
      ["lines past the earlier range", [recorded(read([10, 50]), 4)], read([40, 51])],
      [
        "a range only covered by two reads together",
        [recorded(read([1, 50]), 4), recorded(read([51, 100]), 5)],
        read([40, 60]),
      ],
      [
        "the earlier read failed",
        [recorded({ ok: false, text: "boom", meta: { ...earlier.meta } }, 4)],
        read([1, 10]),
      ],
      [
        "the earlier read failed (no content_hash)",
        [recorded({ ok: true, text: "missing", meta: { path: "src/main.ts" } }, 4)],
        read([1, 10]),
      ],
      ["the earlier read was cut by the pipeline", [recorded(earlier, 4, true)], read([1, 10])],
      [
        "the earlier read was itself a pointer",
        [recorded(read([1, 200], { repeat_of: 2 }), 4)],
        read([1, 10]),
      ],
      [
        "this read failed",
        [recorded(earlier, 4)],
        { ok: false, text: "boom", meta: { ...read([1, 10]).meta } },
      ],
      [
        "this read has no hash",
        [recorded(earlier, 4)],
        { ok: true, text: "gone", meta: { path: "src/main.ts" } },
      ],
      ["an empty file (range [0, 0])", [recorded(read([0, 0], { lines: 0 }), 4)], read([0, 0], { lines: 0 })],
      ["an offset past the end (range [0, 0])", [recorded(earlier, 4)], read([0, 0])],
      ["a binary file", [recorded(read([0, 0], { binary: true }), 4)], read([0, 0], { binary: true })],
    ];
    test.each(cases)("%s", (_name, history, result) => {
      expect(findRepeatOf(result, history)).toBeUndefined();
      expect(replaceRepeatedRead(result, history)).toBe(result);
    });
  });

  test("another run's reads never count: the caller passes this run's history only", () => {
    const otherRun = [recorded(read([1, 200]), 4)];
    const thisRun: FileReadRecord[] = [];
    expect(findRepeatOf(read([1, 10]), thisRun)).toBeUndefined();
    expect(findRepeatOf(read([1, 10]), otherRun)).toBe(4);
  });

  test("a pointer is recorded as a pointer; a later read still points to the original", () => {
    const history = [recorded(read([1, 200]), 4)];
    const pointer = replaceRepeatedRead(read([1, 200]), history);
    const pointerRecord = recorded(pointer, 6);
    expect(pointerRecord).toEqual({
      file: REAL,
      range: [1, 200],
      contentHash: HASH,
      seq: 6,
      cut: false,
      pointer: true,
    });
    expect(findRepeatOf(read([5, 6]), [...history, pointerRecord])).toBe(4);
    expect(findRepeatOf(read([5, 6]), [pointerRecord])).toBeUndefined();
  });
});

describe("fileReadRecord", () => {
  test("keeps what de-duplication needs", () => {
    expect(fileReadRecord({ ok: true, meta: read([3, 9]).meta, seq: 12, cut: false })).toEqual({
      file: REAL,
      range: [3, 9],
      contentHash: HASH,
      seq: 12,
      cut: false,
      pointer: false,
    });
  });

  test("a failed read has no hash and no lines; a result naming no file is no record", () => {
    expect(fileReadRecord({ ok: true, meta: { path: "nope.ts" }, seq: 1, cut: false })).toEqual({
      file: "nope.ts",
      range: [0, 0],
      contentHash: undefined,
      seq: 1,
      cut: false,
      pointer: false,
    });
    expect(
      fileReadRecord({ ok: false, meta: { error_code: "args.invalid" }, seq: 1, cut: false }),
    ).toBeUndefined();
  });
});
