import { FILE_READ_LINE_MAX_CHARS } from "@guilds/protocol/limits";
import { clipLine } from "../../text/clipLine.ts";
import { truncateUtf8, utf8Bytes } from "../../text/utf8Budget.ts";
import type { WindowLine } from "./lineWindow.ts";

export interface FileReadText {
  text: string;
  /** First and last line shown. */
  range: [number, number];
  /** The range stopped early to stay under the cap. */
  truncated: boolean;
}

/** "<path> lines a–b of n" (an EN DASH between a and b). */
export function readHeader(display: string, first: number, last: number, lines: number): string {
  return `${display} lines ${first}\u2013${last} of ${lines}`;
}

/** "[stopped at line N to stay under M bytes; continue with offset N+1]" */
export function stopLine(last: number, maxBytes: number): string {
  return `[stopped at line ${last} to stay under ${maxBytes} bytes; continue with offset ${last + 1}]`;
}

/**
 * The header and numbered lines of a non-empty window (like `cat -n`: the number right-aligned, a tab,
 * the text), ending early with the stop line when the whole range would pass maxBytes.
 */
export function renderFileWindow(
  display: string,
  window: WindowLine[],
  totalLines: number,
  maxBytes: number,
): FileReadText {
  const first = window[0]?.number ?? 1;
  const last = window[window.length - 1]?.number ?? first;
  const width = String(last).length;
  const numbered = (line: WindowLine, maxChars = FILE_READ_LINE_MAX_CHARS) =>
    `${String(line.number).padStart(width)}\t${clipLine(line.head.toString("utf8"), maxChars, line.charsAfterHead)}`;
  const lines = window.map((line) => numbered(line));
  const whole = [readHeader(display, first, last, totalLines), ...lines].join("\n");
  if (utf8Bytes(whole) <= maxBytes) return { text: whole, range: [first, last], truncated: false };

  let bodyBytes = 0;
  let fitting = 0;
  for (const [index, line] of lines.entries()) {
    const lineNumber = first + index;
    const withLine = bodyBytes + 1 + utf8Bytes(line);
    const total =
      utf8Bytes(readHeader(display, first, lineNumber, totalLines)) +
      withLine +
      1 +
      utf8Bytes(stopLine(lineNumber, maxBytes));
    if (total > maxBytes) break;
    bodyBytes = withLine;
    fitting = index + 1;
  }
  if (fitting > 0) {
    const shownLast = first + fitting - 1;
    const text = [
      readHeader(display, first, shownLast, totalLines),
      ...lines.slice(0, fitting),
      stopLine(shownLast, maxBytes),
    ].join("\n");
    return { text, range: [first, shownLast], truncated: true };
  }
  return renderFirstLineOnly(display, window, totalLines, maxBytes, numbered);
}

/** Even the first line does not fit beside the header: clip it harder rather than show nothing. */
function renderFirstLineOnly(
  display: string,
  window: WindowLine[],
  totalLines: number,
  maxBytes: number,
  numbered: (line: WindowLine, maxChars: number) => string,
): FileReadText {
  const line = window[0];
  const first = line?.number ?? 1;
  const frame = (body: string) =>
    [readHeader(display, first, first, totalLines), body, stopLine(first, maxBytes)].join("\n");
  let chars = FILE_READ_LINE_MAX_CHARS;
  let text = line ? frame(numbered(line, chars)) : frame("");
  while (line && chars > 0 && utf8Bytes(text) > maxBytes) {
    chars = Math.floor(chars / 2);
    text = frame(numbered(line, chars));
  }
  return { text: truncateUtf8(text, maxBytes), range: [first, first], truncated: true };
}
