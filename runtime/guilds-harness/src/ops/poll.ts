import { PollArgs, type PollMeta } from "@guilds/protocol/harness";
import { TASK_POLL_READ_MAX_BYTES } from "@guilds/protocol/harnessLimits";
import { filesOfCall } from "../callFiles.ts";
import { cliRunning } from "../callLiveness.ts";
import { driverFor } from "../drivers/drivers.ts";
import { type HarnessOp, parseHarnessArgs } from "../harnessOp.ts";
import { readLogWindow } from "../logWindow.ts";
import { LatestProgress } from "../progressLines.ts";
import { readRecordedSession, recordSession, validSessionId } from "../sessionRecord.ts";
import { readTaskRecord } from "../taskRecord.ts";

/**
 * The progress after `offset`: the whole lines of at most 256 KiB of the log through a fresh parser,
 * the new offset, the session id once seen (recorded, so every later poll reports it), and
 * "exited" once the CLI has ended and the log is read through.
 */
export const poll: HarnessOp = async (raw, context) => {
  const args = parseHarnessArgs("poll", PollArgs, raw);
  const files = filesOfCall(context);
  const record = readTaskRecord(files.record);
  if (!record) {
    const meta: PollMeta = { state: "gone", lines: [], offset: args.offset, session_id: null };
    return { text: "gone: no state for this call", meta: { ...meta } };
  }
  // Decided before reading: once the CLI has ended, the log read after it is complete. A CLI that
  // ended without an exit record (its supervisor killed) has ended too; result then says so.
  const ended = !cliRunning(files, record);
  const window = readLogWindow(record.log_file, args.offset, TASK_POLL_READ_MAX_BYTES, ended);
  const parser = driverFor(record.harness).createParser();
  const progress = new LatestProgress();
  let seen: string | null = null;
  for (const line of window.lines) {
    const parsed = parser.feed(line);
    progress.add(parsed.progress);
    seen ??= validSessionId(parsed.sessionId);
  }
  seen ??= validSessionId(parser.outcome().sessionId);
  const recorded = readRecordedSession(files.session);
  if (recorded === null && seen !== null) recordSession(files.session, seen);
  const meta: PollMeta = {
    state: ended && window.nextOffset >= window.size ? "exited" : "running",
    lines: progress.lines(),
    offset: window.nextOffset,
    session_id: recorded ?? seen,
  };
  return {
    text: `${meta.state}: ${meta.lines.length} progress lines, offset ${meta.offset}`,
    meta: { ...meta },
  };
};
