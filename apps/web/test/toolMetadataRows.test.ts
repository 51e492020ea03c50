// The Metadata view's rows: "Code tools" (every call but code_task) and "Code tasks".
import { describe, expect, test } from "vitest";
import { codeTaskMetadataRows, toolMetadataRows } from "../src/features/agent/runs/chat/toolMetadataRows.ts";
import type { FlowCall } from "../src/runFlow/runFlow.ts";
import { flowCall } from "./flowTestCalls.ts";
import { interruptedTaskMetadata, TASK_LOG, TASK_SESSION, taskMetadata } from "./toolCallFixtures.ts";

function call(name: string, args: unknown, overrides: Partial<FlowCall> = {}): FlowCall {
  return flowCall({
    id: "tc_7",
    name,
    arguments: args,
    result: "",
    resultSeq: 11,
    startedAt: "2026-03-01T10:00:00.000Z",
    endedAt: "2026-03-01T10:00:01.000Z",
    ...overrides,
  });
}

const CALL_AND_TOOL = (tool: string) => [
  { label: "Call", value: "tc_7", kind: "code" },
  { label: "Tool", value: tool, kind: "code" },
];

describe("toolMetadataRows", () => {
  test("shell: the exit code, the Full output log, the working directory", () => {
    const metadata = {
      exit_code: 1,
      cwd: "/home/agent/repos/app",
      log_path: "~/.runs/run_1/tc_7.log",
      timed_out: false,
    };
    expect(toolMetadataRows(call("shell", { command: "npm test" }, { metadata }))).toEqual([
      ...CALL_AND_TOOL("shell"),
      { label: "Exit code", value: "1" },
      { label: "Full output log", value: "~/.runs/run_1/tc_7.log", kind: "log" },
      { label: "Working directory", value: "/home/agent/repos/app", kind: "code" },
    ]);
  });

  test("shell with output that fit: exit 0 shows, no log row", () => {
    const rows = toolMetadataRows(
      call("shell", { command: "ls" }, { metadata: { exit_code: 0, cwd: "/h", timed_out: false } }),
    );
    expect(rows.map((row) => row.label)).toEqual(["Call", "Tool", "Exit code", "Working directory"]);
    expect(rows[2]?.value).toBe("0");
  });

  test("shell in the background: its log and its id", () => {
    const metadata = { background_id: "b1", log_path: "~/.runs/run_1/tc_7.log" };
    expect(
      toolMetadataRows(call("shell", { command: "npm run dev", background: true }, { metadata })),
    ).toEqual([
      ...CALL_AND_TOOL("shell"),
      { label: "Full output log", value: "~/.runs/run_1/tc_7.log", kind: "log" },
      { label: "Background command", value: "b1", kind: "code" },
    ]);
  });

  test("shell_status with an id: exit code, log, id and state; without: the count; a running one has no exit code", () => {
    const exited = { background_id: "b2", state: "exited", log_path: "~/.runs/run_1/b.log", exit_code: 3 };
    expect(toolMetadataRows(call("shell_status", { id: "b2" }, { metadata: exited }))).toEqual([
      ...CALL_AND_TOOL("shell_status"),
      { label: "Exit code", value: "3" },
      { label: "Full output log", value: "~/.runs/run_1/b.log", kind: "log" },
      { label: "Background command", value: "b2", kind: "code" },
      { label: "State", value: "exited" },
    ]);
    const running = { ...exited, state: "running", exit_code: null };
    expect(
      toolMetadataRows(call("shell_status", { id: "b2" }, { metadata: running })).map((row) => row.label),
    ).toEqual(["Call", "Tool", "Full output log", "Background command", "State"]);
    expect(toolMetadataRows(call("shell_status", {}, { metadata: { commands: 2 } })).at(-1)).toEqual({
      label: "Background commands",
      value: "2",
    });
  });

  test("file_read: the file and its lines", () => {
    const metadata = { path: "src/app.ts", range: [1, 200], content_hash: "ab".repeat(32), lines: 512 };
    expect(toolMetadataRows(call("file_read", { path: "./src/app.ts" }, { metadata }))).toEqual([
      ...CALL_AND_TOOL("file_read"),
      { label: "File", value: "src/app.ts", kind: "code" },
      { label: "Lines", value: "1\u2013200 of 512" },
    ]);
  });

  test("a repeated read: Same as step, the step as the flow numbers it (not the message seq)", () => {
    const metadata = { path: "src/app.ts", range: [40, 60], content_hash: "ab", lines: 512, repeat_of: 5 };
    expect(
      toolMetadataRows(
        call("file_read", { path: "src/app.ts" }, { metadata, repeatOf: 5, repeatOfStep: 2 }),
      ).slice(2),
    ).toEqual([
      { label: "File", value: "src/app.ts", kind: "code" },
      { label: "Lines", value: "40\u201360 of 512" },
      { label: "Same as step", value: "2", kind: "step" },
    ]);
  });

  test("an empty file returns no lines; a failed read names the file asked for and its error code", () => {
    const empty = { path: "empty.txt", range: [0, 0], content_hash: "e3", lines: 0 };
    expect(toolMetadataRows(call("file_read", { path: "empty.txt" }, { metadata: empty })).at(-1)).toEqual({
      label: "Lines",
      value: "none of 0",
    });
    const failed = call(
      "file_read",
      { path: "nope.ts" },
      { status: "failed", metadata: { error_code: "file.missing" } },
    );
    expect(toolMetadataRows(failed).slice(2)).toEqual([
      { label: "File", value: "nope.ts", kind: "code" },
      { label: "Error code", value: "file.missing", kind: "code" },
    ]);
  });

  test("code_search: matches and files", () => {
    expect(
      toolMetadataRows(call("code_search", { pattern: "TODO" }, { metadata: { matches: 14, files: 3 } })),
    ).toEqual([
      ...CALL_AND_TOOL("code_search"),
      { label: "Matches", value: "14" },
      { label: "Files", value: "3" },
    ]);
  });

  test("a call with no metadata, or odd values: the call and the tool only", () => {
    expect(toolMetadataRows(call("browser_open", null))).toEqual(CALL_AND_TOOL("browser_open"));
    const odd = { exit_code: "1", cwd: 5, range: "1-2", matches: Number.NaN, log_path: "" };
    expect(toolMetadataRows(call("file_read", 7, { metadata: odd }))).toEqual(CALL_AND_TOOL("file_read"));
  });
});

describe("codeTaskMetadataRows", () => {
  test("Status, Harness, Repository, Session, Changes, Checkpoints, Harness log", () => {
    const done = call("code_task", { brief: "Fix it" }, { metadata: taskMetadata() });
    expect(codeTaskMetadataRows(done, "codex")).toEqual([
      { label: "Status", value: "completed" },
      { label: "Harness", value: "Claude Code" },
      { label: "Repository", value: "app", kind: "code" },
      { label: "Session", value: TASK_SESSION, kind: "code" },
      { label: "Changes", value: "2 files changed, +6 \u22122" },
      { label: "Checkpoints", value: "5e9d90d \u2192 aaa74cc", kind: "code" },
      { label: "Harness log", value: TASK_LOG, kind: "harness-log" },
    ]);
  });

  test("no end checkpoint: (none), no Changes; the session the harness never reported reads none", () => {
    const meta = interruptedTaskMetadata();
    const rows = codeTaskMetadataRows(
      call("code_task", { brief: "x" }, { status: "interrupted", metadata: meta }),
      null,
    );
    expect(rows).toEqual([
      { label: "Status", value: "interrupted" },
      { label: "Harness", value: "Claude Code" },
      { label: "Repository", value: "app", kind: "code" },
      { label: "Session", value: "none", kind: "code" },
      { label: "Checkpoints", value: "5e9d90d \u2192 (none)", kind: "code" },
      { label: "Harness log", value: TASK_LOG, kind: "harness-log" },
    ]);
  });

  test("the status as the result writes it: timed_out on a failed call", () => {
    const rows = codeTaskMetadataRows(
      call(
        "code_task",
        { brief: "x" },
        { status: "failed", metadata: taskMetadata({ status: "timed_out" }) },
      ),
      "claude",
    );
    expect(rows[0]).toEqual({ label: "Status", value: "timed_out" });
  });

  test("running: the agent's harness, the repo asked for, the session live progress named", () => {
    const running = call(
      "code_task",
      { brief: "x", repo: "api", session_id: "old-session" },
      { status: "running", result: null, metadata: {}, progressSessionId: "thread-42" },
    );
    expect(codeTaskMetadataRows(running, "gemini")).toEqual([
      { label: "Status", value: "running" },
      { label: "Harness", value: "Gemini CLI" },
      { label: "Repository", value: "api", kind: "code" },
      { label: "Session", value: "thread-42", kind: "code" },
    ]);
    const resuming = { ...running, progressSessionId: null };
    expect(codeTaskMetadataRows(resuming, "gemini")[3]).toEqual({
      label: "Session",
      value: "old-session",
      kind: "code",
    });
  });

  test("failed before the harness started, with no harness anywhere: the status only", () => {
    const failed = call(
      "code_task",
      { brief: "x" },
      { status: "failed", metadata: { error_code: "harness.missing" } },
    );
    expect(codeTaskMetadataRows(failed, null)).toEqual([{ label: "Status", value: "failed" }]);
  });
});
