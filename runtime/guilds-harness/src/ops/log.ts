import { existsSync } from "node:fs";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { LogArgs, type LogMeta, taskLogPath } from "@guilds/protocol/harness";
import { boundLine } from "../boundedLine.ts";
import { driverFor } from "../drivers/drivers.ts";
import { type HarnessOp, parseHarnessArgs } from "../harnessOp.ts";
import { parseLog } from "../parseLog.ts";

const NEWLINE = Buffer.from("\n");

/**
 * The kept log of the request's call: every event as progress lines (the first max_lines), the
 * counts, the log's size, and its raw JSONL as whole lines from the start within max_bytes. One
 * pass, constant memory: only what the answer holds is kept.
 */
export const log: HarnessOp = async (raw, context) => {
  const args = parseHarnessArgs("log", LogArgs, raw);
  const logPath = taskLogPath(context.request.run_id, context.request.call_id);
  const file = path.join(context.home, logPath);
  if (!existsSync(file)) {
    throw new GuildsError(
      "log.missing",
      `The harness log ${logPath} is gone from the agent's home: logs are kept for the agent's 20 most recent runs.`,
    );
  }
  const lines: string[] = [];
  let linesTruncated = false;
  const rawParts: Buffer[] = [];
  let rawBytes = 0;
  let rawTruncated = false;
  const counts = parseLog(file, driverFor(args.harness).createParser(), (line, parsed) => {
    for (const progress of parsed?.progress ?? []) {
      if (lines.length < args.max_lines) lines.push(boundLine(progress));
      else linesTruncated = true;
    }
    if (rawTruncated) return;
    if (line.bytes !== null && rawBytes + line.fileBytes <= args.max_bytes) {
      // Copied: the line's bytes are a view of a chunk the next read reuses.
      rawParts.push(Buffer.from(line.bytes));
      if (line.fileBytes > line.bytes.length) rawParts.push(NEWLINE);
      rawBytes += line.fileBytes;
    } else {
      rawTruncated = true;
    }
  });
  const meta: LogMeta = {
    lines,
    lines_truncated: linesTruncated,
    raw: Buffer.concat(rawParts, rawBytes).toString("utf8"),
    raw_truncated: rawTruncated,
    bytes: counts.size,
    events: counts.events,
    unparsed: counts.unparsed,
  };
  return {
    text: `${counts.events} events, ${counts.unparsed} unparsed, ${counts.size} bytes`,
    meta: { ...meta },
  };
};
