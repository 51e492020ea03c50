import type { HelperRequest } from "@guilds/protocol/helperRequest";
import {
  HELPER_OP_TIMEOUT_MS,
  HELPER_SHELL_EXTRA_MS,
  SHELL_KILL_GRACE_MS,
  SHELL_TIMEOUT_DEFAULT_SECONDS,
} from "@guilds/protocol/limits";
import { ShellArgs } from "@guilds/protocol/toolArgs";

/** How long the transport waits; the defaults are the page's, tests shorten them. */
export interface HelperDeadlines {
  /** "A guilds-code op waits up to 120 seconds" */
  opMs: number;
  /** "shell waits its own timeout plus 30 seconds" */
  shellExtraMs: number;
  /**
   * Between SIGTERM and SIGKILL for a helper stopped at its deadline or by a cancel: longer than a
   * command's own grace, so a helper that stops its command on SIGTERM has the time to.
   */
  killGraceMs: number;
  /**
   * After a cancel, how long the call waits for the helper's answer: the command's own grace, then
   * time to shape and print what it printed. Past it the call fails with helper.cancelled.
   */
  cancelWaitMs: number;
  /** How long a new long-lived helper may take to answer its first ping before one-shot calls take over. */
  sessionStartMs: number;
  /** After a long-lived helper failed to start, or died holding calls, calls go one-shot this long before another try. */
  sessionRetryMs: number;
}

export const DEFAULT_HELPER_DEADLINES: HelperDeadlines = {
  opMs: HELPER_OP_TIMEOUT_MS,
  shellExtraMs: HELPER_SHELL_EXTRA_MS,
  killGraceMs: SHELL_KILL_GRACE_MS + 1_000,
  cancelWaitMs: SHELL_KILL_GRACE_MS + 3_000,
  sessionStartMs: 10_000,
  sessionRetryMs: 30_000,
};

/** The deadline of one request: shell's own timeout plus the margin, the op timeout for the others. */
export function requestDeadlineMs(request: HelperRequest, deadlines: HelperDeadlines): number {
  if (request.op !== "shell") return deadlines.opMs;
  const args = ShellArgs.safeParse(request.args);
  const timeoutSeconds = args.success ? args.data.timeout_seconds : SHELL_TIMEOUT_DEFAULT_SECONDS;
  return timeoutSeconds * 1000 + deadlines.shellExtraMs;
}
