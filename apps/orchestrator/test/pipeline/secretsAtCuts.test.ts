import { describe, expect, test } from "vitest";
import { applyPipeline } from "../../src/pipeline/applyPipeline.ts";
import { createRedactor } from "../../src/pipeline/redactor.ts";
import type { TaskReport } from "../../src/tools/codeTask/taskReport.ts";
import { formatTaskResult } from "../../src/tools/codeTask/taskReport.ts";
import { leakedPieces, SECRET } from "../support/secretPieces.ts";

const MAX_BYTES = 8192;

function report(finalMessage: string): TaskReport {
  return {
    status: "completed",
    harness: "claude",
    repository: "app",
    sessionId: "s-1",
    durationMs: 1000,
    diff: null,
    detail: null,
    finalMessage,
    logPath: ".runs/r/c.harness.jsonl",
    exitCode: 0,
    startSha: null,
    endSha: null,
    costUsd: null,
    usage: null,
  };
}

describe("code_task's final message, cut from its start", () => {
  test("keeps no piece of a secret across the cut, whatever the offset", () => {
    const redactor = createRedactor([SECRET]);
    // How many characters of a 12,000-character message the cut keeps: the secret is swept across it.
    const probe = formatTaskResult(report("y".repeat(12_000)), MAX_BYTES);
    const kept = probe.lastIndexOf("\n\nlog: ") - probe.indexOf("…]\n") - "…]\n".length;
    let cutPieces = 0;
    for (let ending = kept - SECRET.length + 1; ending < kept; ending += 1) {
      const message = `${"x".repeat(12_000 - ending - SECRET.length)}${SECRET}${"y".repeat(ending)}`;
      const text = applyPipeline(formatTaskResult(report(message), MAX_BYTES), {
        redactor,
        remainingToolCalls: 9,
      }).text;
      expect(text).toContain("bytes removed from the start");
      expect(leakedPieces(text)).toEqual([]);
      if (text.includes("…]\n[redacted]")) cutPieces += 1;
    }
    expect(cutPieces).toBeGreaterThanOrEqual(21);
  });
});

describe("pieces beside cut marks", () => {
  test("on both sides of every mark of a text, the marks close together or far apart", () => {
    const redactor = createRedactor([SECRET, `${"z".repeat(3000)}-long-secret`]);
    const start = SECRET.slice(0, 12);
    const end = SECRET.slice(7);
    const text = [
      `${start}… [+28 chars]`,
      `${start}\n[… 900 bytes elided; full output: ~/.runs/r/c.log …]\n${end}`,
      `…${end}…${end}……`,
      `${"x".repeat(5000)}${start}…`,
      `zzzz-long-secret`,
    ].join("\n");
    const redacted = redactor.redact(text);
    expect(leakedPieces(redacted)).toEqual([]);
    expect(redacted).toBe(
      [
        "[redacted]… [+28 chars]",
        "[redacted]\n[… 900 bytes elided; full output: ~/.runs/r/c.log …]\n[redacted]",
        "…[redacted]…[redacted]……",
        `${"x".repeat(5000)}[redacted]…`,
        "zzzz-long-secret",
      ].join("\n"),
    );
  });
});
