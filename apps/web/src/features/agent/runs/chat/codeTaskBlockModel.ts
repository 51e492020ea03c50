import { HARNESS_DISPLAY_NAMES, type HarnessName, type TaskStatus } from "@guilds/protocol/harness";
import { TASK_CHANGED_FILES_MAX } from "@guilds/protocol/harnessLimits";
import { formatTaskDuration } from "@guilds/protocol/taskDuration";
import { argumentText, type CodeTaskMetaFields, codeTaskMeta, filled } from "../../../../runFlow/callMeta.ts";
import type { FlowCall } from "../../../../runFlow/runFlow.ts";
import { firstLine } from "../../../../runFlow/toolFormat.ts";
import { isMissingHarness, MISSING_HARNESS_LINE } from "./missingHarness.ts";

/** A code task's state as its block shows it: running (pending included), then how its turn ended. */
export type CodeTaskStatus = "running" | TaskStatus;

/** "Running…, Done, Failed, or how it ended otherwise, such as Timed out" (Code tasks, In the app). */
export const CODE_TASK_STATUS_LABELS: Record<CodeTaskStatus, string> = {
  running: "Running\u2026",
  completed: "Done",
  failed: "Failed",
  timed_out: "Timed out",
  cancelled: "Cancelled",
  interrupted: "Interrupted",
};

/** The name a block carries when neither its result nor the agent names a harness. */
export const NO_HARNESS_NAME = "Coding agent";

/** "its latest six progress lines show under the brief" */
export const PROGRESS_LINES_SHOWN = 6;

/** What a code task block shows, every field already worded. */
export interface CodeTaskBlockModel {
  /** The harness its result names, else the agent's harness (the step's logo). */
  harness: HarnessName | null;
  /** "Claude Code", ...; NO_HARNESS_NAME without a harness. */
  harnessName: string;
  /** "Running…", "Done", "Failed", "Timed out", "Cancelled", "Interrupted". */
  statusLabel: string;
  /** A stable key for data-status. */
  status: CodeTaskStatus;
  /** The logo and the status pulse. */
  running: boolean;
  /** The task changed files: the wrote tag. */
  wrote: boolean;
  /** "8s", "1m 05s", "1h 02m 03s": the result's duration once it ended, else the time since it started. */
  runTime: string;
  /** The brief it was given ("" when the arguments hold none). */
  brief: string;
  repository: string | null;
  /** "3 files changed, +10 −2" or "no files changed"; null without an end checkpoint. */
  diffstat: string | null;
  /** The first line of its error when it ended other than completed. */
  errorLine: string | null;
  /** The latest six live progress lines (none once the result lands). */
  progress: string[];
}

/**
 * The block of one code_task call. `agentHarness` is the agent's harness now, for a call whose
 * result names none; `nowMs` is the clock a running task's run time is read against.
 */
export function codeTaskBlockModel(
  call: FlowCall,
  agentHarness: HarnessName | null,
  nowMs: number,
): CodeTaskBlockModel {
  const meta = codeTaskMeta(call);
  const status = codeTaskStatus(call);
  const harness = codeTaskHarness(call, agentHarness);
  return {
    harness,
    harnessName: harness === null ? NO_HARNESS_NAME : HARNESS_DISPLAY_NAMES[harness],
    statusLabel: CODE_TASK_STATUS_LABELS[status],
    status,
    running: status === "running",
    wrote: (meta.files_changed ?? 0) > 0,
    runTime: formatTaskDuration(runTimeMs(call, meta, status, nowMs)),
    brief: argumentText(call.arguments, "brief") ?? "",
    repository: codeTaskRepository(call),
    diffstat: codeTaskDiffstat(meta),
    errorLine:
      status === "running" || status === "completed"
        ? null
        : isMissingHarness(call)
          ? MISSING_HARNESS_LINE
          : errorLineOf(call, meta),
    progress: call.progress.slice(-PROGRESS_LINES_SHOWN),
  };
}

/**
 * Running while pending or running; then the status its result names (metadata.status: the turn
 * failed, timed out, ...), else the call's own, for a call that ended before the harness started.
 */
export function codeTaskStatus(call: Pick<FlowCall, "status" | "metadata">): CodeTaskStatus {
  if (call.status === "pending" || call.status === "running") return "running";
  return codeTaskMeta(call).status ?? call.status;
}

/** The harness its result names, else the agent's. */
export function codeTaskHarness(
  call: Pick<FlowCall, "metadata">,
  agentHarness: HarnessName | null,
): HarnessName | null {
  return codeTaskMeta(call).harness ?? agentHarness;
}

/** The repository its result names, else the one its arguments asked for. */
export function codeTaskRepository(call: Pick<FlowCall, "metadata" | "arguments">): string | null {
  return filled(codeTaskMeta(call).repository) ?? argumentText(call.arguments, "repo");
}

/**
 * The result's diffstat line, from its metadata: "<n> files changed, +<a> −<d>" (U+2212, and no
 * singular, as the result writes it), "no files changed", or null when it has no end checkpoint.
 */
export function codeTaskDiffstat(meta: CodeTaskMetaFields): string | null {
  const files = meta.files_changed;
  if (files === null || files === undefined) return null;
  if (files === 0) return "no files changed";
  const insertions = meta.insertions ?? 0;
  const deletions = meta.deletions ?? 0;
  return `${files} files changed, +${insertions} \u2212${deletions}`;
}

/**
 * The result without its closing "log: <path>" line and the blank line before it. The platform's
 * "remaining_tool_calls: N" trailer, which follows it, stays. A result without one is unchanged.
 */
export function resultWithoutLogLine(result: string): string {
  return result.replace(CLOSING_LOG_LINE, (_line, trailer: string | undefined) => trailer ?? "");
}

const CLOSING_LOG_LINE = /\n\nlog: [^\n]*(\n\nremaining_tool_calls: \d+)?$/;

/**
 * The detail of the result ("Result" on the Code tasks page): after the status line and the
 * diffstat lines (1, or 1 + the files listed + "… N more files"), before the blank line that opens
 * the final message. A call that ended before the harness started has no such layout: its result
 * is the error, so its first line is taken.
 */
function errorLineOf(call: FlowCall, meta: CodeTaskMetaFields): string | null {
  if (call.result === null) return null;
  if (meta.status === undefined) return firstLine(call.result) || null;
  const detail = call.result.split("\n")[1 + diffstatLineCount(meta)];
  return detail === undefined || detail.trim() === "" ? null : detail.trim();
}

function diffstatLineCount(meta: CodeTaskMetaFields): number {
  const files = meta.files_changed;
  if (files === null || files === undefined) return 0;
  if (files === 0) return 1;
  return 1 + Math.min(files, TASK_CHANGED_FILES_MAX) + (files > TASK_CHANGED_FILES_MAX ? 1 : 0);
}

function runTimeMs(call: FlowCall, meta: CodeTaskMetaFields, status: CodeTaskStatus, nowMs: number): number {
  const started = call.startedAt === null ? Number.NaN : Date.parse(call.startedAt);
  if (status === "running") return Number.isNaN(started) ? 0 : nowMs - started;
  if (meta.duration_ms !== undefined) return meta.duration_ms;
  const ended = call.endedAt === null ? Number.NaN : Date.parse(call.endedAt);
  return Number.isNaN(started) || Number.isNaN(ended) ? 0 : ended - started;
}
