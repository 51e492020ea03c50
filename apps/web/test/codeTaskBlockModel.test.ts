// What a code task block shows ("Code tasks", In the app), from results laid out as the orchestrator
// writes them (taskResultText.ts), with the platform's remaining_tool_calls trailer after them.

import { formatTaskDuration } from "@guilds/protocol/taskDuration";
import { describe, expect, test } from "vitest";
import {
  codeTaskBlockModel,
  resultWithoutLogLine,
} from "../src/features/agent/runs/chat/codeTaskBlockModel.ts";
import type { FlowCall } from "../src/runFlow/runFlow.ts";
import { flowCall } from "./flowTestCalls.ts";
import { interruptedTaskMetadata, TASK_LOG, TASK_SESSION, taskMetadata } from "./toolCallFixtures.ts";

const STARTED = "2026-03-01T10:00:00.000Z";
const STARTED_MS = Date.parse(STARTED);
const TRAILER = "\n\nremaining_tool_calls: 12";

function task(overrides: Partial<FlowCall> = {}): FlowCall {
  return flowCall({
    id: "tc_1",
    name: "code_task",
    arguments: { brief: "Fix the failing date test in src/date.ts.", repo: "app" },
    status: "running",
    startedAt: STARTED,
    endedAt: null,
    stepNumber: 2,
    ...overrides,
  });
}

function ended(status: FlowCall["status"], result: string, meta: Record<string, unknown>): FlowCall {
  return task({ status, result, metadata: meta, resultSeq: 9, endedAt: "2026-03-01T10:02:06.000Z" });
}

/** The block of a task that ended with `result` and the platform's trailer, for an agent on Claude Code. */
function endedBlock(status: FlowCall["status"], result: string, meta: Record<string, unknown>) {
  return codeTaskBlockModel(ended(status, result + TRAILER, meta), "claude", 0);
}

/** A done task's result up to its final message. */
const DONE_WROTE_LINES = [
  `completed · Claude Code · app · session ${TASK_SESSION} · 2m 05s`,
  "2 files changed, +6 \u22122",
  "src/f0.ts (+3 \u22121)",
  "src/f1.ts (+3 \u22121)",
  "",
  "Fixed the test; ran npm test (12 passed).",
];
const DONE_WROTE = [...DONE_WROTE_LINES, "", `log: ${TASK_LOG}`].join("\n");

describe("every state of the block", () => {
  test("running: Running…, pulsing, its run time so far, the latest six progress lines", () => {
    const progress = Array.from({ length: 9 }, (_, index) => `Bash: npm test step ${index + 1}`);
    const model = codeTaskBlockModel(task({ progress }), "claude", STARTED_MS + 8_400);
    expect(model).toEqual({
      harness: "claude",
      harnessName: "Claude Code",
      statusLabel: "Running\u2026",
      status: "running",
      running: true,
      wrote: false,
      runTime: "8s",
      brief: "Fix the failing date test in src/date.ts.",
      repository: "app",
      diffstat: null,
      errorLine: null,
      progress: progress.slice(3),
    });
  });

  test("pending: announced, not started; Running… with no time yet", () => {
    const model = codeTaskBlockModel(task({ status: "pending", startedAt: null }), "codex", STARTED_MS);
    expect(model).toMatchObject({
      status: "running",
      statusLabel: "Running\u2026",
      running: true,
      runTime: "0s",
    });
    expect(model.progress).toEqual([]);
    expect(model.harnessName).toBe("Codex");
  });

  test("Done, with the wrote tag and the diffstat", () => {
    const model = codeTaskBlockModel(ended("completed", DONE_WROTE + TRAILER, taskMetadata()), "codex", 0);
    expect(model).toEqual({
      harness: "claude",
      harnessName: "Claude Code",
      statusLabel: "Done",
      status: "completed",
      running: false,
      wrote: true,
      runTime: "2m 05s",
      brief: "Fix the failing date test in src/date.ts.",
      repository: "app",
      diffstat: "2 files changed, +6 \u22122",
      errorLine: null,
      progress: [],
    });
  });

  test("Done without changes: no wrote tag, no files changed", () => {
    const result = `completed · Claude Code · app · session ${TASK_SESSION} · 41s\nno files changed\n\nNothing needed changing.\n\nlog: ${TASK_LOG}${TRAILER}`;
    const model = codeTaskBlockModel(
      ended(
        "completed",
        result,
        taskMetadata({ files_changed: 0, insertions: 0, deletions: 0, duration_ms: 41_900 }),
      ),
      "claude",
      0,
    );
    expect(model).toMatchObject({
      statusLabel: "Done",
      wrote: false,
      diffstat: "no files changed",
      runTime: "41s",
    });
  });

  test("Failed, with the first line of its error: the detail line after the diffstat", () => {
    const result = [
      `failed · Codex · web · session none · 1m 12s`,
      "1 files changed, +3 \u22121",
      "src/f0.ts (+3 \u22121)",
      "stream error: 401 Unauthorized",
      "second stderr line",
      "",
      "(no final message)",
      "",
      `log: ${TASK_LOG}`,
    ].join("\n");
    const meta = taskMetadata({
      harness: "codex",
      status: "failed",
      session_id: null,
      repository: "web",
      exit_code: 1,
      duration_ms: 72_000,
      files_changed: 1,
      insertions: 3,
      deletions: 1,
    });
    const model = endedBlock("failed", result, meta);
    expect(model).toMatchObject({
      harness: "codex",
      harnessName: "Codex",
      statusLabel: "Failed",
      status: "failed",
      wrote: true,
      runTime: "1m 12s",
      repository: "web",
      diffstat: "1 files changed, +3 \u22121",
      errorLine: "stream error: 401 Unauthorized",
    });
  });

  test("a failure past 30 files finds its detail after the … N more files line", () => {
    const files = Array.from({ length: 30 }, (_, index) => `src/f${index}.ts (+3 \u22121)`);
    const result = [
      `failed · Claude Code · app · session ${TASK_SESSION} · 5m 00s`,
      "33 files changed, +99 \u221233",
      ...files,
      "\u2026 3 more files",
      "The CLI exited with code 2.",
      "",
      "Stopped halfway.",
      "",
      `log: ${TASK_LOG}`,
    ].join("\n");
    const meta = taskMetadata({
      status: "failed",
      files_changed: 33,
      insertions: 99,
      deletions: 33,
      duration_ms: 300_000,
    });
    expect(codeTaskBlockModel(ended("failed", result, meta), null, 0).errorLine).toBe(
      "The CLI exited with code 2.",
    );
  });

  // A task stopped before its end: the call's status, the result's first lines, the block.
  test.each([
    {
      name: "Timed out: the call failed, the result names how it ended",
      status: "failed" as const,
      result: `timed_out · Claude Code · app · session ${TASK_SESSION} · 30m 00s\nno files changed\nStopped after 30 minutes. Resume the session to continue.\n\nStill working on it.\n\nlog: ${TASK_LOG}`,
      meta: taskMetadata({ status: "timed_out", files_changed: 0, duration_ms: 1_800_000, exit_code: 143 }),
      block: {
        statusLabel: "Timed out",
        status: "timed_out",
        running: false,
        runTime: "30m 00s",
        errorLine: "Stopped after 30 minutes. Resume the session to continue.",
      },
    },
    {
      name: "Cancelled",
      status: "cancelled" as const,
      result: `cancelled · Claude Code · app · session ${TASK_SESSION} · 12s\nno files changed\nStopped: the generation was cancelled.\n\n(no final message)\n\nlog: ${TASK_LOG}`,
      meta: taskMetadata({ status: "cancelled", files_changed: 0, duration_ms: 12_300, cancelled: true }),
      block: {
        statusLabel: "Cancelled",
        status: "cancelled",
        runTime: "12s",
        errorLine: "Stopped: the generation was cancelled.",
      },
    },
    {
      name: "Interrupted, without an end checkpoint: no diffstat",
      status: "interrupted" as const,
      result: `interrupted · Gemini CLI · app · session none · 3m 20s\nThe harness's state is gone: the machine restarted or its container was recreated.\n\n(no final message)\n\nlog: ${TASK_LOG}`,
      meta: interruptedTaskMetadata({ harness: "gemini", duration_ms: 200_000 }),
      block: {
        harness: "gemini",
        harnessName: "Gemini CLI",
        statusLabel: "Interrupted",
        status: "interrupted",
        wrote: false,
        diffstat: null,
        runTime: "3m 20s",
        errorLine: "The harness's state is gone: the machine restarted or its container was recreated.",
      },
    },
  ])("$name", ({ status, result, meta, block }) => {
    expect(endedBlock(status, result, meta)).toMatchObject(block);
  });

  test("failed before the harness started (harness.not_installed): Failed, the result's first line", () => {
    const result =
      "The code_task call failed: Claude Code is not installed in the agent's machine: there is no `claude` on its PATH. The operator installs it with `npx guilds harness install claude`. Until then, make the change yourself with shell.";
    const call = task({
      status: "failed",
      result: result + TRAILER,
      metadata: { error_code: "harness.not_installed" },
      endedAt: "2026-03-01T10:00:03.500Z",
    });
    const model = codeTaskBlockModel(call, "claude", 0);
    expect(model).toMatchObject({
      harness: "claude",
      harnessName: "Claude Code",
      statusLabel: "Failed",
      status: "failed",
      wrote: false,
      runTime: "3s",
      repository: "app",
      diffstat: null,
      errorLine: result,
    });
  });

  test("cancelled before it started: Cancelled, the reason as its error line", () => {
    const call = task({
      status: "cancelled",
      startedAt: null,
      result: `Not run: the run was cancelled before this call started.${TRAILER}`,
    });
    expect(codeTaskBlockModel(call, "claude", 0)).toMatchObject({
      statusLabel: "Cancelled",
      runTime: "0s",
      errorLine: "Not run: the run was cancelled before this call started.",
    });
  });
});

describe("the harness", () => {
  test("the one its result names, over the agent's", () => {
    const model = codeTaskBlockModel(
      ended("completed", DONE_WROTE, taskMetadata({ harness: "cursor" })),
      "claude",
      0,
    );
    expect([model.harness, model.harnessName]).toEqual(["cursor", "Cursor"]);
  });

  test("else the agent's; else none, named Coding agent", () => {
    expect(codeTaskBlockModel(task(), "antigravity", 0).harnessName).toBe("Antigravity");
    const none = codeTaskBlockModel(task({ metadata: { harness: "vim" } }), null, 0);
    expect([none.harness, none.harnessName]).toEqual([null, "Coding agent"]);
  });
});

describe("what the arguments give", () => {
  test("the repository its result names, else the repo asked for, else none", () => {
    expect(codeTaskBlockModel(task({ arguments: { brief: "x" } }), "claude", 0).repository).toBeNull();
    expect(codeTaskBlockModel(task({ arguments: { brief: "x", repo: "api" } }), "claude", 0).repository).toBe(
      "api",
    );
  });

  test("arguments that are not an object give an empty brief", () => {
    for (const args of [null, "{not json", 3]) {
      expect(codeTaskBlockModel(task({ arguments: args }), "claude", 0).brief).toBe("");
    }
  });
});

describe("the run time", () => {
  test.each([
    [0, "0s"],
    [999, "0s"],
    [8_000, "8s"],
    [59_999, "59s"],
    [60_000, "1m 00s"],
    [65_000, "1m 05s"],
    [3_599_000, "59m 59s"],
    [3_600_000, "1h 00m 00s"],
    [3_723_000, "1h 02m 03s"],
    [-5, "0s"],
    [Number.NaN, "0s"],
  ])("%d ms reads %s", (ms, text) => {
    expect(formatTaskDuration(ms)).toBe(text);
  });

  test("a running task counts from its start to now; an ended one without a duration, start to end", () => {
    expect(codeTaskBlockModel(task(), "claude", STARTED_MS + 65_000).runTime).toBe("1m 05s");
    const noDuration = task({ status: "interrupted", result: "x", endedAt: "2026-03-01T11:02:03.000Z" });
    expect(codeTaskBlockModel(noDuration, "claude", 0).runTime).toBe("1h 02m 03s");
  });
});

describe("resultWithoutLogLine", () => {
  test("drops the closing log line and the blank line before it; the trailer stays", () => {
    expect(resultWithoutLogLine(DONE_WROTE + TRAILER)).toBe(
      [...DONE_WROTE_LINES, "", "remaining_tool_calls: 12"].join("\n"),
    );
    expect(resultWithoutLogLine(DONE_WROTE)).toBe(DONE_WROTE.slice(0, DONE_WROTE.indexOf("\n\nlog: ")));
  });

  test("a result without a log line is unchanged; a log: line inside the final message stays", () => {
    const notStarted =
      "cancelled · Claude Code · app · session none · 0s\nThe generation was cancelled before the harness started.\n\n(no final message)";
    expect(resultWithoutLogLine(notStarted + TRAILER)).toBe(notStarted + TRAILER);
    expect(resultWithoutLogLine(notStarted)).toBe(notStarted);
    const quoting = `completed · Claude Code · app · session none · 1s\nno files changed\n\nSee\n\nlog: notes.txt\n\nfor more.\n\nlog: ${TASK_LOG}`;
    expect(resultWithoutLogLine(quoting)).toBe(
      "completed · Claude Code · app · session none · 1s\nno files changed\n\nSee\n\nlog: notes.txt\n\nfor more.",
    );
  });
});
