import { HARNESS_DISPLAY_NAMES, type HarnessName, type ResultMeta } from "@guilds/protocol/harness";
import { HARNESS_STDERR_TAIL_LINES } from "@guilds/protocol/harnessLimits";

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
