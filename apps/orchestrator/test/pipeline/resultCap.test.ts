import { PLATFORM_RESULT_MAX_BYTES } from "@guilds/protocol/limits";
import { describe, expect, test } from "vitest";
import { capResult, resultCutLine } from "../../src/pipeline/resultCap.ts";
import { utf8Prefix } from "../../src/pipeline/utf8Prefix.ts";

const bytesOf = (text: string) => Buffer.byteLength(text, "utf8");

describe("capResult", () => {
  test("the cap is the protocol's 64 KiB", () => {
    expect(PLATFORM_RESULT_MAX_BYTES).toBe(65_536);
  });

  test("65,536 bytes pass unchanged", () => {
    const text = "a".repeat(65_536);
    expect(capResult(text)).toEqual({ text, cut: false, removedBytes: 0 });
  });

  test("65,537 bytes are cut: the start, then a line saying how many bytes went", () => {
    const capped = capResult("a".repeat(65_537));
    expect(capped.cut).toBe(true);
    expect(capped.removedBytes).toBe(72);
    expect(capped.text).toBe(
      `${"a".repeat(65_465)}\n[… 72 bytes cut: the result passed the platform's 64 KiB cap …]`,
    );
    expect(bytesOf(capped.text)).toBeLessThanOrEqual(65_536);
  });

  test("the line's wording", () => {
    expect(resultCutLine(1234)).toBe("[… 1234 bytes cut: the result passed the platform's 64 KiB cap …]");
  });

  test("a large text: the whole stays within the cap and the count adds up", () => {
    const text = "line of output\n".repeat(100_000);
    const capped = capResult(text);
    expect(bytesOf(capped.text)).toBeLessThanOrEqual(65_536);
    const kept = capped.text.slice(0, capped.text.lastIndexOf("\n[…"));
    expect(text.startsWith(kept)).toBe(true);
    expect(bytesOf(kept) + capped.removedBytes).toBe(bytesOf(text));
    expect(capped.text.endsWith(`\n${resultCutLine(capped.removedBytes)}`)).toBe(true);
  });

  test.each([
    ["é (2 bytes)", "é"],
    ["€ (3 bytes)", "€"],
    ["😀 (4 bytes, a surrogate pair)", "😀"],
  ])("never splits %s at the cut, whatever the offset", (_name, character) => {
    for (let lead = 0; lead < 4; lead += 1) {
      const text = "x".repeat(lead) + character.repeat(40_000);
      const capped = capResult(text);
      expect(capped.cut).toBe(true);
      expect(capped.text).not.toContain("\ufffd");
      const kept = capped.text.slice(0, capped.text.lastIndexOf("\n[…"));
      expect(text.startsWith(kept)).toBe(true);
      expect(bytesOf(capped.text)).toBeLessThanOrEqual(65_536);
      // As much as fits: one more character would pass the room left before the line.
      const room = 65_536 - bytesOf(`\n${resultCutLine(bytesOf(text))}`);
      expect(bytesOf(kept)).toBeGreaterThan(room - bytesOf(character));
    }
  });

  test("a smaller cap, for the reading", () => {
    expect(capResult("0123456789".repeat(10), 80)).toEqual({
      text: "01234567890\n[… 89 bytes cut: the result passed the platform's 64 KiB cap …]",
      cut: true,
      removedBytes: 89,
    });
  });
});

describe("utf8Prefix", () => {
  test("counts code units and bytes of the longest start within the budget", () => {
    expect(utf8Prefix("aé€😀b", 0)).toEqual({ units: 0, bytes: 0 });
    expect(utf8Prefix("aé€😀b", 2)).toEqual({ units: 1, bytes: 1 });
    expect(utf8Prefix("aé€😀b", 3)).toEqual({ units: 2, bytes: 3 });
    expect(utf8Prefix("aé€😀b", 9)).toEqual({ units: 3, bytes: 6 });
    expect(utf8Prefix("aé€😀b", 10)).toEqual({ units: 5, bytes: 10 });
    expect(utf8Prefix("aé€😀b", 99)).toEqual({ units: 6, bytes: 11 });
  });

  test("a lone surrogate counts 3 bytes, as Buffer encodes it", () => {
    const lone = "a\ud83db";
    expect(utf8Prefix(lone, 99)).toEqual({ units: 3, bytes: bytesOf(lone) });
  });
});
