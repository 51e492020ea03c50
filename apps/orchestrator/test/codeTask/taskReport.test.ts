import type { ResultMeta } from "@guilds/protocol/harness";
import { formatTaskDuration } from "@guilds/protocol/taskDuration";
import { describe, expect, test } from "vitest";
import type { TaskDiffSummary } from "../../src/tools/codeTask/taskDiff.ts";
import {
  CANCELLED_BEFORE_START_DETAIL,
  CANCELLED_RUNNING_DETAIL,
  failedDetail,
  formatTaskResult,
  keepEnd,
  notStoppedDetail,
  RESULT_UNREADABLE_DETAIL,
  removedMarker,
  STATE_GONE_DETAIL,
  STOPPED_ANSWERING_DETAIL,
  type TaskReport,
  taskMetadata,
  timedOutDetail,
} from "../../src/tools/codeTask/taskReport.ts";

// The result as the "Code tasks" page lays it out, for every status and detail.

const LOG = ".runs/run_1/tc_1.harness.jsonl";

function report(overrides: Partial<TaskReport> = {}): TaskReport {
  return {
    status: "completed",
    harness: "claude",
    repository: "app",
    sessionId: "85b686e1-ef47-49d1-8fe2-1f417a920d23",
    durationMs: 125_400,
    diff: diff(0),
    detail: null,
    finalMessage: "Fixed the test; ran npm test (12 passed).",
    logPath: LOG,
    exitCode: 0,
    startSha: "a".repeat(40),
    endSha: "b".repeat(40),
    costUsd: null,
    usage: null,
    ...overrides,
  };
}

function diff(files: number): TaskDiffSummary {
  const listed = Math.min(files, 30);
  return {
    filesChanged: files,
    insertions: files * 3,
    deletions: files,
    files: Array.from({ length: listed }, (_, index) => ({
      path: `src/f${index}.ts`,
      insertions: 3,
      deletions: 1,
    })),
    moreFiles: files - listed,
  };
}

describe("the status line", () => {
  test("status · harness · repository · session <id> · duration", () => {
    expect(formatTaskResult(report(), 8192).split("\n")[0]).toBe(
      "completed · Claude Code · app · session 85b686e1-ef47-49d1-8fe2-1f417a920d23 · 2m 05s",
    );
  });

  test("the session reads none when the harness reported none; each harness by its name", () => {
    const names = {
      claude: "Claude Code",
      codex: "Codex",
      gemini: "Gemini CLI",
      cursor: "Cursor",
      antigravity: "Antigravity",
    } as const;
    for (const [harness, name] of Object.entries(names)) {
      const text = formatTaskResult(
        report({ harness: harness as TaskReport["harness"], sessionId: null, durationMs: 41_900 }),
        8192,
      );
      expect(text.split("\n")[0]).toBe(`completed · ${name} · app · session none · 41s`);
    }
  });

  test("every status by its name", () => {
    for (const status of ["completed", "failed", "timed_out", "cancelled", "interrupted"] as const) {
      expect(formatTaskResult(report({ status }), 8192)).toMatch(new RegExp(`^${status} · `));
    }
  });
});

describe("the duration", () => {
  test.each([
    [0, "0s"],
    [999, "0s"],
    [1_000, "1s"],
    [41_700, "41s"],
    [59_999, "59s"],
    [60_000, "1m 00s"],
    [125_000, "2m 05s"],
    [3_599_000, "59m 59s"],
    [3_600_000, "1h 00m 00s"],
    [3_723_000, "1h 02m 03s"],
    [-5, "0s"],
  ])("%d ms reads %s", (ms, text) => {
    expect(formatTaskDuration(ms)).toBe(text);
  });
});

describe("the changes", () => {
  test("nothing changed reads no files changed", () => {
    const lines = formatTaskResult(report(), 8192).split("\n");
    expect(lines[1]).toBe("no files changed");
    expect(lines[2]).toBe("");
  });

  test("the diffstat, then each file", () => {
    const lines = formatTaskResult(report({ diff: diff(2) }), 8192).split("\n");
    expect(lines.slice(1, 4)).toEqual([
      "2 files changed, +6 \u22122",
      "src/f0.ts (+3 \u22121)",
      "src/f1.ts (+3 \u22121)",
    ]);
  });

  test("a binary file reads (binary); past 30 files, … N more files", () => {
    const many = diff(33);
    many.files[0] = { path: "logo.png", insertions: null, deletions: null };
    const lines = formatTaskResult(report({ diff: many }), 8192).split("\n");
    expect(lines[1]).toBe("33 files changed, +99 \u221233");
    expect(lines[2]).toBe("logo.png (binary)");
    expect(lines.slice(2, 32)).toHaveLength(30);
    expect(lines[32]).toBe("\u2026 3 more files");
  });

  test("without an end checkpoint there is no diffstat line", () => {
    const lines = formatTaskResult(report({ diff: null, detail: STATE_GONE_DETAIL }), 8192).split("\n");
    expect(lines[1]).toBe(STATE_GONE_DETAIL);
  });
});

describe("the detail, word for word", () => {
  const cases: [TaskReport["status"], string][] = [
    ["timed_out", "Stopped after 30 minutes. Resume the session to continue."],
    ["cancelled", "Stopped: the generation was cancelled."],
    ["cancelled", "The generation was cancelled before the harness started."],
    ["interrupted", "The harness stopped answering, so it was stopped. Resume the session to continue."],
    ["interrupted", "The harness's state is gone: the machine restarted or its container was recreated."],
    ["interrupted", "The harness exited, and its result could not be read."],
  ];

  test("the constants are the page's sentences", () => {
    expect([
      timedOutDetail(30),
      CANCELLED_RUNNING_DETAIL,
      CANCELLED_BEFORE_START_DETAIL,
      STOPPED_ANSWERING_DETAIL,
      STATE_GONE_DETAIL,
      RESULT_UNREADABLE_DETAIL,
    ]).toEqual(cases.map(([, detail]) => detail));
    expect(timedOutDetail(1)).toBe("Stopped after 1 minutes. Resume the session to continue.");
    expect(notStoppedDetail(LOG)).toBe(
      `The harness did not stop and may still be running; its log is ${LOG}.`,
    );
  });

  test.each(cases)("%s: the detail follows the changes, then a blank line", (status, detail) => {
    const text = formatTaskResult(report({ status, detail }), 8192);
    expect(text).toBe(
      `${status} · Claude Code · app · session 85b686e1-ef47-49d1-8fe2-1f417a920d23 · 2m 05s\nno files changed\n${detail}\n\nFixed the test; ran npm test (12 passed).\n\nlog: ${LOG}`,
    );
  });
});

describe("the final message and the log", () => {
  test("a completed task, whole", () => {
    expect(formatTaskResult(report({ diff: diff(1) }), 8192)).toBe(
      [
        "completed · Claude Code · app · session 85b686e1-ef47-49d1-8fe2-1f417a920d23 · 2m 05s",
        "1 files changed, +3 \u22121",
        "src/f0.ts (+3 \u22121)",
        "",
        "Fixed the test; ran npm test (12 passed).",
        "",
        `log: ${LOG}`,
      ].join("\n"),
    );
  });

  test("an empty final message reads (no final message)", () => {
    for (const finalMessage of ["", "  \n"]) {
      expect(formatTaskResult(report({ finalMessage }), 8192)).toContain("\n\n(no final message)\n\nlog: ");
    }
  });

  test("a harness that never started has no log line", () => {
    const text = formatTaskResult(
      report({
        status: "cancelled",
        detail: CANCELLED_BEFORE_START_DETAIL,
        logPath: null,
        finalMessage: "",
        diff: null,
      }),
      8192,
    );
    expect(text).toBe(
      "cancelled · Claude Code · app · session 85b686e1-ef47-49d1-8fe2-1f417a920d23 · 2m 05s\nThe generation was cancelled before the harness started.\n\n(no final message)",
    );
  });
});

describe("the final message gives way from its start", () => {
  const question = "\n\nQuestion: should I keep the old API?";

  test("the whole result fits maxBytes; the end is kept; the marker says how many bytes went", () => {
    const finalMessage = `${"x".repeat(20_000)}${question}`;
    const text = formatTaskResult(report({ finalMessage }), 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024);
    expect(Buffer.byteLength(text)).toBeGreaterThan(1000);
    expect(text).toContain(`${question}\n\nlog: ${LOG}`);
    const removed = Number(/\[… (\d+) bytes removed from the start …\]\n/.exec(text)?.[1]);
    const kept = text.slice(text.indexOf("…]\n") + 3, text.indexOf(`\n\nlog: `));
    expect(removed + Buffer.byteLength(kept)).toBe(Buffer.byteLength(finalMessage));
    expect(text.startsWith("completed · Claude Code · app · session ")).toBe(true);
  });

  test("a message that fits is whole, to the byte", () => {
    const head = formatTaskResult(report({ finalMessage: "" }), 8192).replace("(no final message)", "");
    const room = 2048 - Buffer.byteLength(head);
    const exact = "y".repeat(room);
    expect(formatTaskResult(report({ finalMessage: exact }), 2048)).toBe(
      head.replace("\n\n\n\n", `\n\n${exact}\n\n`),
    );
    expect(formatTaskResult(report({ finalMessage: `${exact}z` }), 2048)).toContain("[… ");
  });

  test("a cut never splits a character", () => {
    const kept = keepEnd("é".repeat(1000), 101);
    const removed = Number(/\[… (\d+) bytes/.exec(kept)?.[1]);
    expect(kept.endsWith("é")).toBe(true);
    expect(kept).not.toContain("\uFFFD");
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(101);
    expect(removed % 2).toBe(0);
    expect(removed + Buffer.byteLength(kept.slice(kept.indexOf("\n") + 1))).toBe(2000);
  });

  test("with no room at all, the marker alone stands for the message", () => {
    expect(keepEnd("abc", 0)).toBe(removedMarker(3));
  });
});

describe("the metadata", () => {
  test("the page's fields, with cost and usage only when reported", () => {
    expect(taskMetadata(report({ diff: diff(2) }))).toEqual({
      harness: "claude",
      status: "completed",
      session_id: "85b686e1-ef47-49d1-8fe2-1f417a920d23",
      repository: "app",
      exit_code: 0,
      duration_ms: 125_400,
      files_changed: 2,
      insertions: 6,
      deletions: 2,
      start_sha: "a".repeat(40),
      end_sha: "b".repeat(40),
      log_path: LOG,
    });
    expect(
      taskMetadata(report({ costUsd: 0.0123, usage: { input_tokens: 10, output_tokens: 5 } })),
    ).toMatchObject({ cost_usd: 0.0123, usage: { input_tokens: 10, output_tokens: 5 } });
  });

  test("a cancelled task is marked cancelled, as every cancelled call is; no diff reads null", () => {
    const meta = taskMetadata(report({ status: "cancelled", diff: null, endSha: null, exitCode: null }));
    expect(meta).toMatchObject({ cancelled: true, files_changed: null, insertions: null, deletions: null });
    expect(taskMetadata(report())).not.toHaveProperty("cancelled");
  });
});

// The failed status's detail rules, in the page's order.

function result(overrides: Partial<ResultMeta>): ResultMeta {
  return {
    final_message: "",
    session_id: null,
    exit_code: 1,
    turn_error: false,
    error: null,
    stderr_tail: [],
    duration_ms: 1000,
    events: 4,
    unparsed: 0,
    version: "2.1.197",
    model: null,
    cost_usd: null,
    usage: null,
    ...overrides,
  };
}

describe("a failed turn's detail", () => {
  test("a driver that parsed none of the output says so, with the CLI's version", () => {
    expect(
      failedDetail("claude", result({ events: 0, unparsed: 12, error: "boom", stderr_tail: ["x"] })),
    ).toBe("The Claude Code driver parsed none of the CLI's output (12 lines; CLI version 2.1.197).");
    expect(failedDetail("codex", result({ events: 0, unparsed: 1, version: null }))).toBe(
      "The Codex driver parsed none of the CLI's output (1 lines; CLI version unknown).",
    );
  });

  test("a CLI that printed no event gives the last 5 lines of its stderr", () => {
    const stderr = ["one", "two", "three", "four", "five", "six", ""];
    expect(failedDetail("claude", result({ events: 0, stderr_tail: stderr, error: "Not logged in" }))).toBe(
      "two\nthree\nfour\nfive\nsix",
    );
  });

  test("... else the harness's error", () => {
    expect(failedDetail("claude", result({ events: 0, error: "Not logged in · Please run /login" }))).toBe(
      "Not logged in · Please run /login",
    );
  });

  test("otherwise the first line of the harness's error, before its stderr", () => {
    expect(
      failedDetail(
        "claude",
        result({ error: "Invalid API key\nmore", stderr_tail: ["warn"], turn_error: true }),
      ),
    ).toBe("Invalid API key");
    expect(failedDetail("claude", result({ error: "\n  API error 400 \n" }))).toBe("API error 400");
  });

  test("... else its stderr", () => {
    expect(failedDetail("gemini", result({ stderr_tail: ["fatal: it broke", "  at x"] }))).toBe(
      "fatal: it broke\n  at x",
    );
  });

  test("... else its exit code", () => {
    expect(failedDetail("claude", result({ exit_code: 3 }))).toBe("The CLI exited with code 3.");
    expect(failedDetail("claude", result({ exit_code: null }))).toBe("The CLI exited without an exit code.");
    expect(failedDetail("claude", result({ exit_code: 0, turn_error: true }))).toBe(
      "The CLI ended its turn in error (exit code 0).",
    );
    expect(failedDetail("claude", result({ events: 0, exit_code: 2 }))).toBe("The CLI exited with code 2.");
  });
});
