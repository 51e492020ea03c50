import { SHELL_OUTPUT_FIRST_POLL_MS, SHELL_OUTPUT_POLL_INTERVAL_MS } from "@guilds/protocol/shellOutput";
import type { ToolContext } from "../toolContext.ts";
import { readShellOutput, type ShellOutputCursor } from "./shellOutputRead.ts";

export interface LiveOutputTiming {
  firstPollMs: number;
  pollIntervalMs: number;
}

export const LIVE_OUTPUT_TIMING: LiveOutputTiming = {
  firstPollMs: SHELL_OUTPUT_FIRST_POLL_MS,
  pollIntervalMs: SHELL_OUTPUT_POLL_INTERVAL_MS,
};

/**
 * Follows a foreground shell call's log while it runs and publishes its new lines as tool.progress
 * (redacted, cut at 240 characters, never stored; the model still gets only the result). Nothing
 * is read before `firstPollMs`, so a short command costs nothing; then one read at a time, each
 * at least `pollIntervalMs` after the previous one began. Reads go only over the long-lived helper
 * (one process per read would cost more than the view is worth): over one-shot calls the call
 * shows no live output. A read that fails is skipped: the next one reads on from the same offset. Returns the stop, called once the call has its result; a
 * read still under way then publishes nothing.
 */
export function followShellOutput(context: ToolContext, timing = LIVE_OUTPUT_TIMING): () => void {
  let stopped = false;
  let cursor: ShellOutputCursor = { offset: 0, skipLine: false };
  const ids = { runId: context.runId, agentId: context.agent.id, callId: context.callId };

  const poll = async () => {
    const began = Date.now();
    try {
      const read = await readShellOutput(
        context.helpers,
        context.machine,
        ids,
        cursor,
        context.redactor,
        true,
      );
      if (stopped) return;
      cursor = read.next;
      if (read.lines.length > 0) context.progress(read.lines, null);
    } catch {
      // A missed update only: the result still comes by its own way.
    }
    if (!stopped) timer = setTimeout(poll, Math.max(0, timing.pollIntervalMs - (Date.now() - began)));
  };
  let timer = setTimeout(poll, timing.firstPollMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
