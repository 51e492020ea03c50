import { PLATFORM_RESULT_MAX_BYTES } from "@guilds/protocol/limits";
import { withFileSource } from "../../runs/logFile.ts";
import type { OutputSource } from "../../text/shape.ts";
import { cleanTerminalText } from "../../text/terminalText.ts";
import { charStartAtOrAfter } from "../../text/utf8.ts";

/** Reading backwards starts with this much and doubles until enough lines are in. */
const FIRST_WINDOW_BYTES = 4 * 1024;
/** Never more than this is read, however long the lines: memory stays bounded. */
const MAX_WINDOW_BYTES = PLATFORM_RESULT_MAX_BYTES;
const NEWLINE = 10;
/** Marks a line whose start lies before the bytes read. */
export const CUT_LINE_MARK = "…";

/** The last `count` lines of a log, cleaned of escapes and redraws; [] for a missing or empty log. */
export function readLastLines(file: string, count: number): string[] {
  try {
    return withFileSource(file, (source) => lastLines(source, count));
  } catch {
    return [];
  }
}

export function lastLines(source: OutputSource, count: number): string[] {
  let windowBytes = FIRST_WINDOW_BYTES;
  for (;;) {
    const start = Math.max(0, source.size - windowBytes);
    const window = source.read(start, source.size);
    if (start === 0 || windowBytes >= MAX_WINDOW_BYTES || lineBreaks(window) > count) {
      return linesOf(window, start === 0, count);
    }
    windowBytes *= 2;
  }
}

/** Line breaks, not counting one that ends the text. */
function lineBreaks(window: Buffer): number {
  let breaks = 0;
  for (let index = window.indexOf(NEWLINE); index !== -1; index = window.indexOf(NEWLINE, index + 1)) {
    if (index < window.length - 1) breaks += 1;
  }
  return breaks;
}

function linesOf(window: Buffer, fromFileStart: boolean, count: number): string[] {
  const text = cleanTerminalText(window.subarray(charStartAtOrAfter(window, 0)).toString("utf8"));
  const lines = text.replace(/\n+$/, "").split("\n");
  if (lines.length === 1 && lines[0] === "") return [];
  if (fromFileStart || lines.length > count) return lines.slice(-count);
  // The first line started before the window: drop it unless it is all there is.
  if (lines.length === 1) return [`${CUT_LINE_MARK}${lines[0]}`];
  return lines.slice(1).slice(-count);
}
