import { describe, expect, test } from "vitest";
import { LongRgLine } from "../../../../src/ops/codeSearch/ripgrep/longRgLine.ts";

/** A match message as rg --json writes it (keys in rg's order). */
function matchMessage(text: string, lineNumber: number, submatches: number): Buffer {
  const match = { match: { text: "needle" }, start: 0, end: 6 };
  return Buffer.from(
    `{"type":"match","data":{"path":{"text":"src/a.js"},"lines":${JSON.stringify({ text })},"line_number":${lineNumber},"absolute_offset":0,"submatches":${JSON.stringify(Array(submatches).fill(match))}}}`,
  );
}

function read(message: Buffer, headBytes: number, pieceBytes: number) {
  const line = new LongRgLine(message.subarray(0, headBytes));
  for (let start = headBytes; start < message.length; start += pieceBytes) {
    line.more(message.subarray(start, start + pieceBytes));
  }
  return line.finish();
}

describe("LongRgLine", () => {
  test("keeps the start of a long line and counts the rest, escapes as one character", () => {
    const text = `needle "quoted"\t${"é😀\\".repeat(500)}\u0001end`;
    const message = matchMessage(`${text}\r\n`, 1234, 3);
    for (const [headBytes, pieceBytes] of [
      [200, 1],
      [100, 7],
      [5_000, 4_096],
    ] as const) {
      const event = read(message, headBytes, pieceBytes);
      expect(event?.number).toBe(1234);
      expect(event?.matches).toBe(3);
      expect(event?.kind).toBe("match");
      const held = [...(event?.text ?? "")].length;
      expect(text.startsWith(event?.text ?? "?")).toBe(true);
      expect(held).toBeGreaterThan(300);
      expect(held + (event?.charsNotInText ?? 0)).toBe([...text].length);
    }
  });

  test("reads a short line whose matches make the message long", () => {
    const message = matchMessage("needle needle\n", 7, 20_000);
    const event = read(message, 100, 333);
    expect(event).toEqual({
      kind: "match",
      number: 7,
      text: "needle needle",
      charsNotInText: 0,
      matches: 20_000,
    });
  });
});
