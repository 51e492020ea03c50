import { flowCall } from "./flowTestCalls.ts";

/*
 * Calls and task artifacts as the orchestrator really writes them (results from the Code tools and
 * Code tasks pages' formats, a diff from `git diff --find-renames -a/ -b/`, Claude Code's events).
 */

export const shellResult =
  "> web@0.1.0 test\n> vitest run\n\n FAIL  test/__init__.test.ts > adds *two* numbers\nAssertionError: expected 3 to be 4\n\nexit_code: 1\n\nremaining_tool_calls: 41";

export const shellCall = flowCall({
  id: "call_shell_1",
  name: "shell",
  arguments: { command: "npm test", timeout_seconds: 120 },
  status: "completed",
  result: shellResult,
  metadata: { exit_code: 1, cwd: "repos/demo", timed_out: false, log_path: ".runs/run_1/call_shell_1.log" },
  resultSeq: 7,
});

export const START_SHA = "5e9d90d034048be49b6f47eaab79325c6cd1ba2b";
export const END_SHA = "aaa74cc1d5822baa881e43fc0692ce030fa7ac3e";
export const LOG_PATH = ".runs/run_1/call_task_1.harness.jsonl";

export const TASK_SESSION = "85b686e1-ef47-49d1-8fe2-1f417a920d23";
export const TASK_LOG = ".runs/run_1/tc_1.harness.jsonl";

/** A code task's metadata as its result gives it: done by Claude Code in app, 2 files changed, +6 −2, in 2m 05s. */
export function taskMetadata(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    harness: "claude",
    status: "completed",
    session_id: TASK_SESSION,
    repository: "app",
    exit_code: 0,
    duration_ms: 125_400,
    files_changed: 2,
    insertions: 6,
    deletions: 2,
    start_sha: START_SHA,
    end_sha: END_SHA,
    log_path: TASK_LOG,
    ...overrides,
  };
}

/** The metadata of a task interrupted before its end checkpoint, whose harness never named its session. */
export function interruptedTaskMetadata(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return taskMetadata({
    status: "interrupted",
    session_id: null,
    files_changed: null,
    insertions: null,
    deletions: null,
    end_sha: null,
    ...overrides,
  });
}

export const taskResult = [
  "completed · Claude Code · demo · session 22d7e37f-f4d3-4f28-8277-fb75459628d0 · 1m 04s",
  "5 files changed, +7 −5",
  "NOTES.md (+1 −2)",
  "logo.png (binary)",
  "obsolete.txt (+0 −1)",
  "src/__init__.py (+0 −0)",
  "src/math.ts (+6 −2)",
  "",
  "Added **mul** to `src/math.ts` and typed the return values.",
  "Ran `npm test`: 12 passed.",
  "",
  `log: ${LOG_PATH}`,
  "",
  "remaining_tool_calls: 40",
].join("\n");

export const taskArguments = {
  brief: "Add a mul function to src/math.ts with a test, and type every return value.",
  repo: "demo",
};

export const finishedTaskCall = flowCall({
  id: "call_task_1",
  name: "code_task",
  arguments: taskArguments,
  status: "completed",
  result: taskResult,
  metadata: {
    harness: "claude",
    status: "completed",
    session_id: "22d7e37f-f4d3-4f28-8277-fb75459628d0",
    repository: "demo",
    exit_code: 0,
    duration_ms: 64_000,
    files_changed: 5,
    insertions: 7,
    deletions: 5,
    start_sha: START_SHA,
    end_sha: END_SHA,
    log_path: LOG_PATH,
  },
  endedAt: "2026-03-02T10:01:04.000Z",
});

export const runningTaskCall = flowCall({
  id: "call_task_2",
  name: "code_task",
  arguments: taskArguments,
  status: "running",
  endedAt: null,
  progress: [
    "Claude Code started (claude-sonnet-4-5)",
    "Read: src/math.ts",
    "Edit: src/math.ts",
    "Bash: npm test",
  ],
  progressSessionId: "22d7e37f-f4d3-4f28-8277-fb75459628d0",
});

export const taskDiffText = `diff --git a/NOTES.md b/NOTES.md
index 439bb04..17e0f0d 100644
--- a/NOTES.md
+++ b/NOTES.md
@@ -1,2 +1 @@
-old notes
-line two
+# Notes
diff --git a/logo.png b/logo.png
new file mode 100644
index 0000000..d9d6533
Binary files /dev/null and b/logo.png differ
diff --git a/obsolete.txt b/obsolete.txt
deleted file mode 100644
index b023018..0000000
--- a/obsolete.txt
+++ /dev/null
@@ -1 +0,0 @@
-bye
diff --git a/src/old_name.py b/src/__init__.py
similarity index 100%
rename from src/old_name.py
rename to src/__init__.py
diff --git a/src/math.ts b/src/math.ts
index 5a156be..a3847fa 100644
--- a/src/math.ts
+++ b/src/math.ts
@@ -1,7 +1,11 @@
-export function add(a: number, b: number) {
+export function add(a: number, b: number): number {
   return a + b;
 }
 
-export function sub(a: number, b: number) {
+export function sub(a: number, b: number): number {
   return a - b;
 }
+
+export function mul(a: number, b: number): number {
+  return a * b;
+}
`;

export const harnessLogRaw = [
  '{"type":"system","subtype":"init","cwd":"/home/agent/repos/demo","session_id":"22d7e37f-f4d3-4f28-8277-fb75459628d0","model":"claude-sonnet-4-5"}',
  '{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","name":"Read","input":{"file_path":"src/math.ts"}}]}}',
  "npm warn exec not JSON",
  '{"type":"result","subtype":"success","is_error":false,"result":"Added mul.","session_id":"22d7e37f-f4d3-4f28-8277-fb75459628d0"}',
  "",
].join("\n");
