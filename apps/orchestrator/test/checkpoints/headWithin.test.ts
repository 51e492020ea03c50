import { describe, expect, test } from "vitest";
import { HeadWithin } from "../../src/tools/codeTask/taskDiff.ts";

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
