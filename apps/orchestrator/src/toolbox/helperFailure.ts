import { GuildsError } from "@guilds/protocol/guildsError";
import { HELPER_STDERR_TAIL_LINES } from "@guilds/protocol/limits";
import type { TailBuffer } from "./boundedOutput.ts";

/** How a helper process ended, as a failure message puts it. */
export function describeExit(exit: { code: number | null; signal: NodeJS.Signals | null }): string {
  if (exit.signal) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code ?? "unknown"}`;
}

function stderrSection(stderr: TailBuffer): string {
  const lines = stderr.lastLines(HELPER_STDERR_TAIL_LINES);
  if (lines.length === 0) return "Its stderr was empty.";
  return `The last lines of its stderr:\n${lines.map((line) => `  ${line}`).join("\n")}`;
}

/** "code helper" for guilds-code (the page's words), "harness helper" for guilds-harness. */
function helperKind(helper: string): string {
  return helper === "guilds-harness" ? "harness helper" : "code helper";
}

/** "A helper that prints no envelope fails the call with "code helper failed" and the last 5 lines of its stderr." */
export function helperFailed(what: string, stderr: TailBuffer, helper = "guilds-code"): GuildsError {
  return new GuildsError(
    "helper.failed",
    `${helperKind(helper)} failed: ${helper} ${what}. ${stderrSection(stderr)}\n` +
      "Check that the helper is built (npm run build) and runs inside the machine; retry the call once it does.",
  );
}

export function helperTimedOut(
  op: string,
  deadlineMs: number,
  stderr: TailBuffer,
  helper = "guilds-code",
): GuildsError {
  return new GuildsError(
    "helper.timeout",
    `${helperKind(helper)} timed out: ${helper} gave no answer to ${op} within ${formatSeconds(deadlineMs)} and was stopped. ` +
      `${stderrSection(stderr)}\nRetry the call; for shell, pass a timeout_seconds the command can meet.`,
  );
}

export function helperCancelled(op: string): GuildsError {
  return new GuildsError(
    "helper.cancelled",
    `The ${op} call was cancelled before it answered, and its helper was stopped. Run it again if it is still needed.`,
  );
}

function formatSeconds(milliseconds: number): string {
  const seconds = milliseconds / 1000;
  return Number.isInteger(seconds) ? `${seconds} s` : `${seconds.toFixed(1)} s`;
}
