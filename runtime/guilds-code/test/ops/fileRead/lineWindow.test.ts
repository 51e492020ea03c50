import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { LINE_HEAD_BYTES, LineWindowScanner } from "../../../src/ops/fileRead/lineWindow.ts";

function scan(content: Buffer, first: number, last: number, chunkBytes: number) {
  const scanner = new LineWindowScanner(first, last);
  for (let start = 0; start < content.length; start += chunkBytes) {
    scanner.push(content.subarray(start, start + chunkBytes));
  }
  const result = scanner.finish();
  return {
    ...result,
    window: result.window.map((line) => ({
      number: line.number,
      text: line.head.toString("utf8"),
      charsAfterHead: line.charsAfterHead,
    })),
  };
}

describe("LineWindowScanner", () => {
  const long = "é".repeat(LINE_HEAD_BYTES);
  const content = Buffer.from(`one\r\ntwo\n\n${long}\r\nfive 😀\r\nsix`);

  test("gives the same answer whatever the chunk boundaries", () => {
    const whole = scan(content, 2, 5, content.length);
    expect(whole.lines).toBe(6);
    expect(whole.contentHash).toBe(createHash("sha256").update(content).digest("hex"));
    expect(whole.window.map((line) => line.number)).toEqual([2, 3, 4, 5]);
    expect(whole.window[0]).toEqual({ number: 2, text: "two", charsAfterHead: 0 });
    expect(whole.window[1]).toEqual({ number: 3, text: "", charsAfterHead: 0 });
    // The head keeps LINE_HEAD_BYTES bytes (half the é's); the rest is counted, the CR is not.
    expect(whole.window[2]?.charsAfterHead).toBe(LINE_HEAD_BYTES / 2);
    expect(whole.window[3]).toEqual({ number: 5, text: "five 😀", charsAfterHead: 0 });
    for (const chunkBytes of [1, 2, 3, 7, 64]) {
      expect(scan(content, 2, 5, chunkBytes)).toEqual(whole);
    }
  });

  test("counts a last line without a newline, and not an empty one after a final newline", () => {
    expect(scan(Buffer.from("a\nb"), 1, 10, 1).lines).toBe(2);
    expect(scan(Buffer.from("a\nb\n"), 1, 10, 1).lines).toBe(2);
    expect(scan(Buffer.from(""), 1, 10, 1).lines).toBe(0);
    expect(scan(Buffer.from("\n"), 1, 10, 1).window).toEqual([{ number: 1, text: "", charsAfterHead: 0 }]);
  });

  test("detects a NUL in the first 8000 bytes only", () => {
    const early = Buffer.concat([Buffer.from("text\n"), Buffer.from([0])]);
    expect(scan(early, 1, 10, 3).binary).toBe(true);
    const late = Buffer.concat([Buffer.alloc(8_000, 0x61), Buffer.from([0])]);
    expect(scan(late, 1, 10, 4_096).binary).toBe(false);
  });
});
