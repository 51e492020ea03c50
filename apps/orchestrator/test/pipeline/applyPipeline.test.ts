import { describe, expect, test } from "vitest";
import { applyPipeline } from "../../src/pipeline/applyPipeline.ts";
import { createRedactor } from "../../src/pipeline/redactor.ts";
import {
  REMAINING_TOOL_CALLS_TRAILER_PREFIX,
  remainingToolCallsTrailer,
} from "../../src/pipeline/remainingToolCalls.ts";
import { capResult } from "../../src/pipeline/resultCap.ts";

const secret = "ghp_SECRETSECRETSECRET";
const redactor = createRedactor([secret]);

describe("applyPipeline", () => {
  test("the trailer's exact text", () => {
    expect(REMAINING_TOOL_CALLS_TRAILER_PREFIX).toBe("\n\nremaining_tool_calls: ");
    expect(remainingToolCallsTrailer(7)).toBe("\n\nremaining_tool_calls: 7");
  });

  test("a short result: redacted, not cut, trailer last", () => {
    expect(applyPipeline(`token ${secret} ok`, { redactor, remainingToolCalls: 12 })).toEqual({
      text: "token [redacted] ok\n\nremaining_tool_calls: 12",
      cut: false,
    });
    expect(applyPipeline("", { redactor, remainingToolCalls: 0 })).toEqual({
      text: "\n\nremaining_tool_calls: 0",
      cut: false,
    });
  });

  test("redaction comes before the cap: a secret across the cut is never half shown", () => {
    let leaksInTheWrongOrder = 0;
    for (let filler = 65_536 - 120; filler <= 65_536; filler += 1) {
      const text = `${"a".repeat(filler)}${secret}${"b".repeat(2_000)}`;
      const result = applyPipeline(text, { redactor, remainingToolCalls: 3 });
      expect(result.cut).toBe(true);
      const kept = result.text.slice(0, result.text.lastIndexOf("\n[… "));
      // Filler, then at most the marker (itself perhaps cut), never a piece of the secret.
      expect(kept).toMatch(/^a*(\[redacted\]b*|\[[a-z]*)?$/);
      if (capResult(text).text.includes("ghp")) leaksInTheWrongOrder += 1;
    }
    expect(leaksInTheWrongOrder).toBeGreaterThan(0);
  });

  test("a secret straddling the boundary: redaction shrinks the text, which then fits whole", () => {
    // 65,520 + 22 bytes is over the cap; redacted, 65,520 + 10 is not.
    const text = `${"a".repeat(65_520)}${secret}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(65_536);
    expect(applyPipeline(text, { redactor, remainingToolCalls: 1 })).toEqual({
      text: `${"a".repeat(65_520)}[redacted]\n\nremaining_tool_calls: 1`,
      cut: false,
    });
  });

  test("redaction that makes a text longer can push it over the cap", () => {
    const short = createRedactor(["abcd"]);
    const text = "abcd ".repeat(13_000);
    expect(Buffer.byteLength(text)).toBeLessThan(65_536);
    expect(applyPipeline(text, { redactor: short, remainingToolCalls: 1 }).cut).toBe(true);
  });

  test("the trailer is outside the cap: never cut, always last", () => {
    const result = applyPipeline("x".repeat(200_000), { redactor, remainingToolCalls: 42 });
    expect(result.cut).toBe(true);
    expect(result.text.endsWith("cap …]\n\nremaining_tool_calls: 42")).toBe(true);
    const beforeTrailer = result.text.slice(0, -"\n\nremaining_tool_calls: 42".length);
    expect(Buffer.byteLength(beforeTrailer)).toBeLessThanOrEqual(65_536);
  });
});
