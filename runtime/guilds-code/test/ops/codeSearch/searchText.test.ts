import { describe, expect, test } from "vitest";
import { fitSearchText, GROUP_SEPARATOR, leftOutLine } from "../../../src/ops/codeSearch/searchText.ts";

describe("fitSearchText", () => {
  test("returns everything that fits", () => {
    expect(fitSearchText(["a", "b"], ["2 matches in 1 file"], 1_024)).toBe("a\nb\n2 matches in 1 file");
  });

  test("stops at a line, never ends on a separator, and counts only real lines left out", () => {
    const line = "x".repeat(320);
    const body = [line, line, GROUP_SEPARATOR, line, line];
    const text = fitSearchText(body, ["4 matches in 2 files"], 1_024);
    expect(text).toBe([line, line, leftOutLine(2, 1_024), "4 matches in 2 files"].join("\n"));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1_024);
  });
});
