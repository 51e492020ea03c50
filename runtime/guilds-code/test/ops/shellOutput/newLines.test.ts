import { TASK_PROGRESS_LINES_MAX } from "@guilds/protocol/harnessLimits";
import {
  SHELL_OUTPUT_EARLIER_MARK,
  SHELL_OUTPUT_LINE_MAX_BYTES,
  SHELL_OUTPUT_READ_MAX_BYTES,
} from "@guilds/protocol/shellOutput";
import { describe, expect, test } from "vitest";
import { newLines } from "../../../src/ops/shellOutput/newLines.ts";
import type { OutputSource } from "../../../src/text/shape.ts";

/** A log as the op reads it. */
function log(text: string | Buffer): OutputSource {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return { size: bytes.length, read: (start, end) => bytes.subarray(start, end) };
}

const from = (offset: number | null, skipLine = false) => ({ offset, skip_line: skipLine });

describe("a shell call's new lines", () => {
  test("whole lines only: a line still being written waits for its newline", () => {
    expect(newLines(log("1\n2\npart"), from(0))).toEqual({ lines: ["1", "2"], offset: 4, skip_line: false });
    expect(newLines(log("1\n2\npartial\n"), from(4))).toEqual({
      lines: ["partial"],
      offset: 12,
      skip_line: false,
    });
    expect(newLines(log("1\n2\npartial\n"), from(12))).toEqual({ lines: [], offset: 12, skip_line: false });
    expect(newLines(log(""), from(0))).toEqual({ lines: [], offset: 0, skip_line: false });
  });

  test("cleaned as results are: escapes removed, a redrawn line at its last state, blank lines kept", () => {
    const text = "\x1b[31mred\x1b[0m\n10%\r50%\r100%\n\n\x1b]0;title\x07done\r\n";
    expect(newLines(log(text), from(0)).lines).toEqual(["red", "100%", "", "done"]);
  });

  test(`at most ${TASK_PROGRESS_LINES_MAX} lines, the earlier ones marked as not shown`, () => {
    const text = Array.from({ length: 100 }, (_, index) => `line ${index + 1}\n`).join("");
    const read = newLines(log(text), from(0));
    expect(read.lines).toHaveLength(TASK_PROGRESS_LINES_MAX);
    expect(read.lines[0]).toBe(SHELL_OUTPUT_EARLIER_MARK);
    expect(read.lines[1]).toBe("line 42");
    expect(read.lines.at(-1)).toBe("line 100");
    expect(read.offset).toBe(Buffer.byteLength(text));
  });

  test("without an offset: the latest lines of a long log, from a line's start", () => {
    const line = `${"x".repeat(99)}\n`;
    const text = `${line.repeat((2 * SHELL_OUTPUT_READ_MAX_BYTES) / line.length)}last\n`;
    const read = newLines(log(text), from(null));
    expect(read.lines[0]).toBe(SHELL_OUTPUT_EARLIER_MARK);
    expect(read.lines.slice(1).every((shown) => shown === "x".repeat(99) || shown === "last")).toBe(true);
    expect(read.lines.at(-1)).toBe("last");
    expect(read.offset).toBe(Buffer.byteLength(text));
    // A short log is read whole.
    expect(newLines(log("a\nb\n"), from(null)).lines).toEqual(["a", "b"]);
  });

  test("more new bytes than one read takes: the latest ones, the earlier marked", () => {
    const text = `${"y".repeat(SHELL_OUTPUT_READ_MAX_BYTES)}\nnew\n`;
    expect(newLines(log(text), from(0))).toEqual({
      lines: [SHELL_OUTPUT_EARLIER_MARK, "new"],
      offset: Buffer.byteLength(text),
      skip_line: false,
    });
  });

  test("a line longer than 4 KiB without its newline: its start shown, the rest of it never a line of its own", () => {
    const head = "é".repeat(SHELL_OUTPUT_LINE_MAX_BYTES);
    const first = newLines(log(`ok\n${head}`), from(0));
    expect(first.lines[0]).toBe("ok");
    // Cut on a character: é is two bytes.
    expect(first.lines[1]).toBe("é".repeat(SHELL_OUTPUT_LINE_MAX_BYTES / 2));
    expect(first.skip_line).toBe(true);
    const grown = `ok\n${head}secret-tail\nnext\n`;
    expect(newLines(log(grown), from(first.offset, true))).toEqual({
      lines: ["next"],
      offset: Buffer.byteLength(grown),
      skip_line: false,
    });
    // Still inside that line: nothing yet.
    expect(newLines(log(`ok\n${head}more`), from(first.offset, true))).toMatchObject({
      lines: [],
      skip_line: true,
    });
  });
});
