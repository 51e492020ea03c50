import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { HELPER_OP_TIMEOUT_MS, HELPER_SHELL_EXTRA_MS, SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";
import { toolContractOf } from "@guilds/protocol/tools/registry";
import type { OpDeadlines } from "@guilds/protocol/tools/toolContract";

/** How long the transport waits; the defaults are the page's, tests shorten them. */
export interface HelperDeadlines extends OpDeadlines {
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

/**
 * The deadline of one request, as its tool's contract sets it from the arguments; the op timeout
 * for an op that is no tool (ping, the harness ops). Arguments the schema refuses never reach a
 * command (the helper answers at once), so they get the op timeout too.
 */
export function requestDeadlineMs(request: HelperRequest, deadlines: HelperDeadlines): number {
  const contract = toolContractOf(request.op);
  const args = contract?.args.safeParse(request.args);
  if (contract === undefined || args?.success !== true) return deadlines.opMs;
  return contract.deadlineMs(args.data, deadlines);
}
