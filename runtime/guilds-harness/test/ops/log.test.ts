import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LogMeta } from "@guilds/protocol/harness";
import { describe, expect } from "vitest";
import { fixtureLog } from "./fakeClis.ts";
import { RUN_ID, test } from "./harnessFixture.ts";
import { errorOf, okMeta, pollToEnd, startTask } from "./taskSteps.ts";

const CLAUDE_LINES = readFileSync(fixtureLog("claude"), "utf8").trim().split("\n");

describe("log", () => {
  test("every event as a progress line, the counts, the size, and the raw lines within max_bytes", async ({
    harness,
  }) => {
    const log = harness.file("printed.jsonl");
    const text = `${CLAUDE_LINES.join("\nnot an event\n")}\n`;
    writeFileSync(log, text);
    okMeta(await startTask(harness, "claude", { scenario: { steps: [{ stdoutFile: log }] } }));
    await pollToEnd(harness, "claude");
    okMeta(await harness.call("result", { harness: "claude" }));

    const whole = okMeta<LogMeta>(
      await harness.call("log", { harness: "claude", max_bytes: 1_000_000, max_lines: 100 }),
    );
    expect(whole).toEqual({
      lines: ["Claude Code started (claude-sonnet-4-5)", "Bash: ls", "I ran ls. Hello from the fake model."],
      lines_truncated: false,
      raw: text,
      raw_truncated: false,
      bytes: Buffer.byteLength(text),
      events: 5,
      unparsed: 4,
    });

    const firstTwo = Buffer.byteLength(`${CLAUDE_LINES[0]}\nnot an event\n`);
    const capped = okMeta<LogMeta>(
      await harness.call("log", { harness: "claude", max_bytes: firstTwo + 10, max_lines: 2 }),
    );
    expect(capped.lines).toEqual(["Claude Code started (claude-sonnet-4-5)", "Bash: ls"]);
    expect(capped.lines_truncated).toBe(true);
    expect(capped.raw).toBe(`${CLAUDE_LINES[0]}\nnot an event\n`);
    expect(capped.raw_truncated).toBe(true);
    expect(capped.bytes).toBe(Buffer.byteLength(text));
  });

  test("a log that is gone is log.missing", async ({ harness }) => {
    okMeta(
      await startTask(harness, "gemini", { scenario: { steps: [{ stdoutFile: fixtureLog("gemini") }] } }),
    );
    await pollToEnd(harness, "gemini");
    okMeta(await harness.call("result", { harness: "gemini" }));
    rmSync(path.join(harness.home, ".runs", RUN_ID), { recursive: true });
    const error = errorOf(await harness.call("log", { harness: "gemini", max_bytes: 1024, max_lines: 10 }));
    expect(error.code).toBe("log.missing");
    expect(error.message).toContain(`.runs/${RUN_ID}/c1.harness.jsonl`);
  });
});
