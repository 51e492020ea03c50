import { TASK_PROGRESS_LINES_MAX } from "@guilds/protocol/harnessLimits";
import type { ShellOutputArgs } from "@guilds/protocol/shellOutput";
import {
  SHELL_OUTPUT_EARLIER_MARK,
  SHELL_OUTPUT_LINE_MAX_BYTES,
  SHELL_OUTPUT_READ_MAX_BYTES,
} from "@guilds/protocol/shellOutputLimits";
import type { OutputSource } from "../../text/shape.ts";
import { cleanTerminalText } from "../../text/terminalText.ts";
import { charStartAtOrBefore } from "../../text/utf8.ts";

const NEWLINE = 10;

export interface NewLines {
  lines: string[];
  offset: number;
  skip_line: boolean;
}

/**
 * The whole lines written since `offset` (the latest ones for a null offset), cleaned as results
 * are. A line still being written waits for its newline, unless it is already longer than
 * SHELL_OUTPUT_LINE_MAX_BYTES: then its start is shown and the rest of it skipped, so no part of it
 * ever starts a line of its own (a secret cut in two would no longer be recognised).
 */
export function newLines(source: OutputSource, args: ShellOutputArgs): NewLines {
  const from = Math.min(args.offset ?? source.size, source.size);
  let start = args.offset === null ? Math.max(0, source.size - SHELL_OUTPUT_READ_MAX_BYTES) : from;
  let skipLine = args.skip_line;
  let earlierLeftOut = args.offset === null && start > 0;
  if (source.size - start > SHELL_OUTPUT_READ_MAX_BYTES) {
    start = source.size - SHELL_OUTPUT_READ_MAX_BYTES;
    earlierLeftOut = true;
    skipLine = true;
  }
  const window = source.read(start, source.size);
  let cursor = 0;
  if (skipLine || earlierLeftOut) {
    const lineEnd = window.indexOf(NEWLINE);
    if (lineEnd === -1) return { lines: [], offset: start + window.length, skip_line: true };
    cursor = lineEnd + 1;
  }
  const lastNewline = window.lastIndexOf(NEWLINE);
  const raw: string[] = [];
  if (lastNewline >= cursor) {
    raw.push(...window.subarray(cursor, lastNewline).toString("utf8").split("\n"));
    cursor = lastNewline + 1;
  }
  let endsInsideLine = false;
  if (window.length - cursor > SHELL_OUTPUT_LINE_MAX_BYTES) {
    const cut = charStartAtOrBefore(window, cursor + SHELL_OUTPUT_LINE_MAX_BYTES);
    raw.push(window.subarray(cursor, cut).toString("utf8"));
    cursor = window.length;
    endsInsideLine = true;
  }
  const lines = raw.map(cleanTerminalText);
  const shown =
    lines.length > 0 && (earlierLeftOut || lines.length > TASK_PROGRESS_LINES_MAX)
      ? [SHELL_OUTPUT_EARLIER_MARK, ...lines.slice(-(TASK_PROGRESS_LINES_MAX - 1))]
      : lines;
  return { lines: shown, offset: start + cursor, skip_line: endsInsideLine };
}
