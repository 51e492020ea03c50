import type { HarnessName } from "@guilds/protocol/harness";
import { TASK_POLL_FAILURES_MAX } from "@guilds/protocol/harnessLimits";
import type { CodeTaskContext } from "./codeTaskContext.ts";
import type { HarnessOps } from "./harnessOps.ts";
import { pause } from "./pause.ts";
import { progressLines } from "./progressLines.ts";
import { abortedByServerStop } from "./serverStopping.ts";

/**
 * How the polling ended: the CLI exited and its log is read through; its state is gone; the
 * timeout passed; the generation was cancelled; or TASK_POLL_FAILURES_MAX polls failed in a row.
 */
export type PollEnding =
  | "exited"
  | "gone"
  | "timed_out"
  | "cancelled"
  | "server_stopped"
  | "stopped_answering";

export interface PollInput {
  ops: HarnessOps;
  harness: HarnessName;
  /** When the timeout passes, on Date.now()'s clock. */
  deadline: number;
  /** Called once per new session id the harness reports. */
  onSession(sessionId: string): Promise<void>;
}

/**
 * Step 7: a poll every interval until the CLI exits, each after the repository tokens are
 * refreshed. Its progress lines are redacted, cut and published; none is kept.
 */
export async function pollUntilEnd(
  context: Pick<CodeTaskContext, "refreshTokens" | "redactor" | "publishProgress" | "timing" | "signal">,
  input: PollInput,
): Promise<{ ending: PollEnding; sessionId: string | null }> {
  let offset = 0;
  let failures = 0;
  let sessionId: string | null = null;
  for (;;) {
    await pause(Math.min(context.timing.pollIntervalMs, input.deadline - Date.now()), context.signal);
    if (context.signal.aborted) {
      return { ending: abortedByServerStop(context.signal) ? "server_stopped" : "cancelled", sessionId };
    }
    if (Date.now() >= input.deadline) return { ending: "timed_out", sessionId };
    let answer: Awaited<ReturnType<HarnessOps["poll"]>>;
    try {
      await context.refreshTokens();
      answer = await input.ops.poll(input.harness, offset);
    } catch {
      failures += 1;
      if (failures >= TASK_POLL_FAILURES_MAX) return { ending: "stopped_answering", sessionId };
      continue;
    }
    failures = 0;
    offset = answer.offset;
    if (answer.session_id !== null && answer.session_id !== sessionId) {
      sessionId = answer.session_id;
      await input.onSession(sessionId);
    }
    if (answer.lines.length > 0) {
      context.publishProgress(progressLines(answer.lines, context.redactor), sessionId);
    }
    if (answer.state === "exited" || answer.state === "gone") return { ending: answer.state, sessionId };
  }
}
