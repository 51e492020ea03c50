// How a task ended: the report, the result text the model reads, its detail lines and metadata.
import {
  HARNESS_DISPLAY_NAMES,
  type HarnessName,
  type ResultMeta,
  type TaskStatus,
} from "@guilds/protocol/harness";
import { HARNESS_STDERR_TAIL_LINES } from "@guilds/protocol/harnessLimits";
import { formatTaskDuration } from "@guilds/protocol/taskDuration";
import type { CallMeta, CodeTaskMeta } from "@guilds/protocol/toolMeta";
import { formatDiffstat, type TaskDiffSummary } from "./taskDiff.ts";

/** Everything a code_task's result and metadata say, however the call ended. */
export interface TaskReport {
  status: TaskStatus;
  harness: HarnessName;
  repository: string;
  /** As the harness reported it; null reads "none". */
  sessionId: string | null;
  durationMs: number;
  /** The diffstat since the start checkpoint; null without an end checkpoint. */
  diff: TaskDiffSummary | null;
  /** The Status table's detail (or several lines of it); null when there is none. */
  detail: string | null;
  /** "" when the harness gave none. */
  finalMessage: string;
  /** Home-relative; null when the harness never started. */
  logPath: string | null;
  exitCode: number | null;
  startSha: string | null;
  endSha: string | null;
  costUsd: number | null;
  usage: { input_tokens: number | null; output_tokens: number | null; cached_tokens?: number | null } | null;
}

export const NO_FINAL_MESSAGE = "(no final message)";

/**
 * The result as the page's "Result" section lays it out: the status line, the diffstat and its
 * files, the detail, a blank line, the final message, a blank line, the log. The final message gives
 * way from its start so the whole fits `maxBytes` (CODE_RESULT_MAX_BYTES): its end holds the
 * questions and summaries.
 */
export function formatTaskResult(report: TaskReport, maxBytes: number): string {
  const head = [statusLine(report)];
  if (report.diff !== null) head.push(...formatDiffstat(report.diff));
  if (report.detail !== null && report.detail !== "") head.push(report.detail);
  const before = `${head.join("\n")}\n\n`;
  const after = report.logPath === null ? "" : `\n\nlog: ${report.logPath}`;
  const message = report.finalMessage.trim() === "" ? NO_FINAL_MESSAGE : report.finalMessage;
  const room = maxBytes - Buffer.byteLength(before, "utf8") - Buffer.byteLength(after, "utf8");
  return `${before}${keepEnd(message, room)}${after}`;
}

export function statusLine(report: TaskReport): string {
  return [
    report.status,
    HARNESS_DISPLAY_NAMES[report.harness],
    report.repository,
    `session ${report.sessionId ?? "none"}`,
    formatTaskDuration(report.durationMs),
  ].join(" \u00b7 ");
}

/** "[… N bytes removed from the start …]" on a line of its own, before what is kept. */
export function removedMarker(bytes: number): string {
  return `[\u2026 ${bytes} bytes removed from the start \u2026]\n`;
}

/**
 * `text` whole when it fits `room` bytes, else its last bytes (never half a character) after the
 * marker saying how many bytes went, the two together within `room` when the marker fits at all.
 */
export function keepEnd(text: string, room: number): string {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.length <= room) return text;
  // The marker is sized for the largest count, so the real one (never more digits) fits too.
  const keptBytes = Math.max(0, room - Buffer.byteLength(removedMarker(encoded.length), "utf8"));
  let start = encoded.length - keptBytes;
  while (start < encoded.length && isContinuationByte(encoded[start])) start += 1;
  return `${removedMarker(start)}${encoded.subarray(start).toString("utf8")}`;
}

function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The "Detail" column of the page's Status table, word for word. */
export const CANCELLED_RUNNING_DETAIL = "Stopped: the generation was cancelled.";
export const CANCELLED_BEFORE_START_DETAIL = "The generation was cancelled before the harness started.";
export const STOPPED_ANSWERING_DETAIL =
  "The harness stopped answering, so it was stopped. Resume the session to continue.";
export const STATE_GONE_DETAIL =
  "The harness's state is gone: the machine restarted or its container was recreated.";
export const RESULT_UNREADABLE_DETAIL = "The harness exited, and its result could not be read.";
/** An orchestrator restart ends a task interrupted (Lifecycle); a server that stops says so. */
export const SERVER_STOPPED_DETAIL =
  "The server stopped, so the harness was stopped. Resume the session to continue.";

/** The page writes "N minutes" whatever N is. */
export function timedOutDetail(minutes: number): string {
  return `Stopped after ${minutes} minutes. Resume the session to continue.`;
}

/** When stop reports that the harness did not exit; `logPath` is home-relative. */
export function notStoppedDetail(logPath: string): string {
  return `The harness did not stop and may still be running; its log is ${logPath}.`;
}

/**
 * Why a turn failed, from its result: a driver that parsed none of the CLI's output says so with the
 * CLI's version; a CLI that printed no event (one refusing to start without a login) gives the last
 * lines of its stderr, else the harness's error; otherwise the first line of the harness's error,
 * else its stderr; else its exit code.
 */
export function failedDetail(harness: HarnessName, result: ResultMeta): string {
  const stderr = stderrTail(result.stderr_tail);
  const error = firstLine(result.error);
  if (result.events === 0 && result.unparsed > 0) {
    const version = result.version ?? "unknown";
    return `The ${HARNESS_DISPLAY_NAMES[harness]} driver parsed none of the CLI's output (${result.unparsed} lines; CLI version ${version}).`;
  }
  if (result.events === 0) return stderr ?? error ?? exitDetail(result);
  return error ?? stderr ?? exitDetail(result);
}

function stderrTail(lines: readonly string[]): string | null {
  const kept = [...lines];
  while (kept.length > 0 && (kept.at(-1) ?? "").trim() === "") kept.pop();
  const tail = kept.slice(-HARNESS_STDERR_TAIL_LINES);
  return tail.length === 0 ? null : tail.join("\n");
}

function firstLine(text: string | null): string | null {
  const line = text?.split("\n").find((candidate) => candidate.trim() !== "");
  return line === undefined ? null : line.trim();
}

function exitDetail(result: ResultMeta): string {
  if (result.exit_code === null) return "The CLI exited without an exit code.";
  if (result.exit_code === 0) return "The CLI ended its turn in error (exit code 0).";
  return `The CLI exited with code ${result.exit_code}.`;
}

/**
 * The call's metadata beside what every tool call records: the page's fields, then the turn's cost
 * and usage when the CLI reported them. A cancelled task carries cancelled: true, as every
 * cancelled tool call does.
 */
export function taskMetadata(report: TaskReport): CodeTaskMeta & CallMeta {
  return {
    harness: report.harness,
    status: report.status,
    session_id: report.sessionId,
    repository: report.repository,
    exit_code: report.exitCode,
    duration_ms: Math.max(0, Math.round(report.durationMs)),
    files_changed: report.diff?.filesChanged ?? null,
    insertions: report.diff?.insertions ?? null,
    deletions: report.diff?.deletions ?? null,
    start_sha: report.startSha,
    end_sha: report.endSha,
    log_path: report.logPath,
    ...(report.costUsd === null ? {} : { cost_usd: report.costUsd }),
    ...(report.usage === null ? {} : { usage: report.usage }),
    ...(report.status === "cancelled" ? { cancelled: true } : {}),
  };
}

/**
 * "A generation cancelled before this step never starts the harness": no session, no log, and
 * nothing changed (the page's second line then reads "no files changed").
 */
export function notStartedReport(
  harness: HarnessName,
  repository: string,
  began: number,
  startSha: string | null,
): TaskReport {
  return {
    status: "cancelled",
    harness,
    repository,
    sessionId: null,
    durationMs: Date.now() - began,
    diff: { filesChanged: 0, insertions: 0, deletions: 0, files: [], moreFiles: 0 },
    detail: CANCELLED_BEFORE_START_DETAIL,
    finalMessage: "",
    logPath: null,
    exitCode: null,
    startSha,
    endSha: null,
    costUsd: null,
    usage: null,
  };
}
