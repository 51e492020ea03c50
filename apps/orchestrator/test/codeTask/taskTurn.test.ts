import { describe, expect, test } from "vitest";
import { createRedactor } from "../../src/pipeline/redactor.ts";
import { cutLine, progressLines } from "../../src/tools/codeTask/taskTurn.ts";

// Progress lines: redacted first, then cut at 240 characters.

describe("progress lines", () => {
  const secret = "sk-live-0123456789abcdef";
  const redactor = createRedactor([secret]);

  test("a secret is redacted wherever it is, even past the cut", () => {
    const late = `Bash: ${"x".repeat(300)} ${secret}`;
    const [early, past] = progressLines([`Bash: curl -H "key: ${secret}" api`, late], redactor);
    expect(early).toBe('Bash: curl -H "key: [redacted]" api');
    expect(past).not.toContain("sk-live");
    expect(Array.from(past ?? "")).toHaveLength(240);
  });

  test("a secret across the 240th character is redacted, never half shown", () => {
    const line = `${"y".repeat(230)}${secret}`;
    const [shown] = progressLines([line], redactor);
    expect(shown).toBe(`${"y".repeat(230)}[redacted]`);
    expect(shown).not.toContain("sk-live-0");
  });

  test("a line of 240 characters is kept whole; a longer one ends with …", () => {
    expect(cutLine("a".repeat(240))).toBe("a".repeat(240));
    expect(cutLine("a".repeat(241))).toBe(`${"a".repeat(239)}…`);
    expect(cutLine("")).toBe("");
  });

  test("characters are code points: an emoji is never split", () => {
    const cut = cutLine("😀".repeat(300));
    expect(Array.from(cut)).toHaveLength(240);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
