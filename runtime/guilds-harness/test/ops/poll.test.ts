import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PollMeta } from "@guilds/protocol/harness";
import { TASK_POLL_READ_MAX_BYTES } from "@guilds/protocol/harnessLimits";
import { describe, expect } from "vitest";
import { fixtureLog } from "./fakeClis.ts";
import { test } from "./harnessFixture.ts";
import { okMeta, pollOnce, pollToEnd, startTask, waitForFile } from "./taskSteps.ts";

const SESSION = "85b686e1-ef47-49d1-8fe2-1f417a920d23";
const [INIT = "", TOOL_USE = "", , TEXT = "", RESULT = ""] = readFileSync(fixtureLog("claude"), "utf8")
  .trim()
  .split("\n");

/** An assistant message of Claude Code whose text is `text`. */
function assistantLine(text: string): string {
  return JSON.stringify({
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text }] },
    session_id: SESSION,
  });
}

const bytes = (text: string) => Buffer.byteLength(text);

describe("poll", () => {
  test("returns whole lines only, and the offset after the last one", async ({ harness }) => {
    const gate = harness.file("gate");
    const printed = harness.file("printed");
    const half = TOOL_USE.slice(0, 100);
    okMeta(
      await startTask(harness, "claude", {
        scenario: {
          steps: [
            { stdout: `${INIT}\n${half}` },
            { touch: printed },
            { waitFor: gate },
            { stdout: `${TOOL_USE.slice(100)}\n${TEXT}\n${RESULT}` },
          ],
        },
      }),
    );
    await waitForFile(printed);
    const first = okMeta<PollMeta>(await pollOnce(harness, "claude", 0));
    expect(first).toEqual({
      state: "running",
      lines: ["Claude Code started (claude-sonnet-4-5)"],
      offset: bytes(`${INIT}\n`),
      session_id: SESSION,
    });
    // The partial line is read again, not skipped, and nothing is repeated.
    const again = okMeta<PollMeta>(await pollOnce(harness, "claude", first.offset));
    expect(again).toEqual({ state: "running", lines: [], offset: first.offset, session_id: SESSION });
    writeFileSync(gate, "");
    const rest = await pollFrom(harness, first.offset);
    // Once the CLI has exited, a last line without its newline counts.
    expect(rest.lines).toEqual(["Bash: ls", "I ran ls. Hello from the fake model."]);
    expect(rest.offset).toBe(bytes(`${INIT}\n${TOOL_USE}\n${TEXT}\n${RESULT}`));
    expect(rest.state).toBe("exited");
  });

  test("records the session id the first time, so later polls report it", async ({ harness }) => {
    const gate = harness.file("gate");
    okMeta(
      await startTask(harness, "claude", {
        scenario: { steps: [{ stdout: `${INIT}\n` }, { waitFor: gate }, { stdout: "not json\n" }] },
      }),
    );
    let first: PollMeta;
    do first = okMeta<PollMeta>(await pollOnce(harness, "claude", 0));
    while (first.offset === 0);
    expect(first.session_id).toBe(SESSION);
    expect(readFileSync(path.join(harness.stateDir, "c1.session"), "utf8").trim()).toBe(SESSION);
    writeFileSync(gate, "");
    const later = await pollFrom(harness, first.offset);
    expect(later.lines).toEqual([]);
    expect(later.session_id).toBe(SESSION);
  });

  test("returns at most 60 lines, the earlier ones counted as … N more steps", async ({ harness }) => {
    const log = harness.file("many.jsonl");
    const messages = Array.from({ length: 100 }, (_, index) => assistantLine(`step ${index + 1}`));
    writeFileSync(log, `${[INIT, ...messages].join("\n")}\n`);
    okMeta(await startTask(harness, "claude", { scenario: { steps: [{ stdoutFile: log }] } }));
    const poll = await pollFrom(harness, 0);
    expect(poll.state).toBe("exited");
    expect(poll.lines).toHaveLength(60);
    expect(poll.lines[0]).toBe("… 42 more steps");
    expect(poll.lines[1]).toBe("step 42");
    expect(poll.lines[59]).toBe("step 100");
  });

  test("bounds each line at 4 KiB", async ({ harness }) => {
    const log = harness.file("long.jsonl");
    writeFileSync(log, `${assistantLine("é".repeat(5000))}\n`);
    okMeta(await startTask(harness, "claude", { scenario: { steps: [{ stdoutFile: log }] } }));
    const poll = await pollFrom(harness, 0);
    expect(poll.lines).toEqual(["é".repeat(2048)]);
  });

  test("reads at most 256 KiB a poll, and says exited only once the log is read through", async ({
    harness,
  }) => {
    const log = harness.file("big.jsonl");
    const line = `${assistantLine("x".repeat(1000))}\n`;
    const count = Math.ceil((TASK_POLL_READ_MAX_BYTES * 2.5) / bytes(line));
    writeFileSync(log, line.repeat(count));
    okMeta(await startTask(harness, "claude", { scenario: { steps: [{ stdoutFile: log }] } }));
    await waitForFile(path.join(harness.stateDir, "c1.exit"));
    const polls: PollMeta[] = [];
    for (let offset = 0; polls.at(-1)?.state !== "exited"; offset = polls.at(-1)?.offset ?? 0) {
      const poll = okMeta<PollMeta>(await pollOnce(harness, "claude", offset));
      expect(poll.offset - offset).toBeLessThanOrEqual(TASK_POLL_READ_MAX_BYTES);
      polls.push(poll);
    }
    // Whole lines of 256 KiB each time: the CLI had long exited, the log was not yet read through.
    expect(polls.map((poll) => poll.state)).toEqual(["running", "running", "exited"]);
    expect(polls[0]?.offset).toBe(Math.floor(TASK_POLL_READ_MAX_BYTES / bytes(line)) * bytes(line));
    expect(polls.at(-1)?.offset).toBe(bytes(line) * count);
  });

  test("skips a line longer than a whole poll's read", async ({ harness }) => {
    const log = harness.file("huge-line.jsonl");
    const huge = assistantLine("y".repeat(TASK_POLL_READ_MAX_BYTES * 2));
    writeFileSync(log, `${INIT}\n${huge}\n${TEXT}\n`);
    okMeta(await startTask(harness, "claude", { scenario: { steps: [{ stdoutFile: log }] } }));
    const polled = await pollToEnd(harness, "claude");
    expect(polled.lines).toEqual([
      "Claude Code started (claude-sonnet-4-5)",
      "I ran ls. Hello from the fake model.",
    ]);
  });

  test("a call without state is gone", async ({ harness }) => {
    const meta = okMeta<PollMeta>(await pollOnce(harness, "codex", 1234, "never-started"));
    expect(meta).toEqual({ state: "gone", lines: [], offset: 1234, session_id: null });
  });
});

/** Polls from `offset` until exited, keeping every line. */
async function pollFrom(harness: Parameters<typeof pollOnce>[0], offset: number): Promise<PollMeta> {
  const lines: string[] = [];
  let at = offset;
  for (;;) {
    const meta = okMeta<PollMeta>(await pollOnce(harness, "claude", at));
    lines.push(...meta.lines);
    at = meta.offset;
    if (meta.state !== "running") return { ...meta, lines };
  }
}
