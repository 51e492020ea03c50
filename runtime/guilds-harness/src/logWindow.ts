import { closeSync, fstatSync, openSync, readSync } from "node:fs";

const NEWLINE = 10;

/** What one poll read: the whole lines after its offset, and where the next poll starts. */
export interface LogWindow {
  lines: string[];
  nextOffset: number;
  /** The log's size when it was read. */
  size: number;
}

/**
 * Reads at most `maxBytes` of the log from `offset` (a positioned read: the bytes before it are never
 * touched, so a poll costs the same at the end of a 1 GiB log as of a small one), and keeps whole
 * lines only; a partial last line is read again by the next poll, unless `final` (the CLI has
 * exited): then a last line without its newline counts. A line longer than `maxBytes` could never
 * be read whole: it is skipped, and a poll that starts inside it skips to the next line.
 */
export function readLogWindow(file: string, offset: number, maxBytes: number, final: boolean): LogWindow {
  let descriptor: number;
  try {
    descriptor = openSync(file, "r");
  } catch {
    return { lines: [], nextOffset: offset, size: 0 };
  }
  try {
    const size = fstatSync(descriptor).size;
    const start = Math.min(offset, size);
    // One byte before the offset says whether the offset is a line start.
    const lead = start > 0 ? 1 : 0;
    const length = Math.min(maxBytes, size - start);
    const bytes = readAt(descriptor, start - lead, length + lead);
    const insideLine = lead === 1 && bytes[0] !== NEWLINE;
    return {
      ...wholeLines(
        bytes.subarray(lead),
        start,
        insideLine,
        length === maxBytes,
        final && start + length === size,
      ),
      size,
    };
  } finally {
    closeSync(descriptor);
  }
}

function wholeLines(
  window: Buffer,
  start: number,
  insideLine: boolean,
  capped: boolean,
  reachesFinalEnd: boolean,
): Omit<LogWindow, "size"> {
  let body = window;
  let base = start;
  if (insideLine) {
    const lineEnd = body.indexOf(NEWLINE);
    if (lineEnd === -1) return { lines: [], nextOffset: start + body.length };
    body = body.subarray(lineEnd + 1);
    base += lineEnd + 1;
  }
  const lastNewline = body.lastIndexOf(NEWLINE);
  let taken: Buffer;
  if (reachesFinalEnd) {
    taken = body;
  } else if (lastNewline === -1) {
    // A line longer than a whole window is skipped; a shorter one is still being written.
    const oversized = capped && !insideLine;
    return { lines: [], nextOffset: oversized ? base + body.length : base };
  } else {
    taken = body.subarray(0, lastNewline + 1);
  }
  return { lines: splitLines(taken), nextOffset: base + taken.length };
}

function splitLines(bytes: Buffer): string[] {
  return bytes
    .toString("utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

function readAt(descriptor: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const count = readSync(descriptor, buffer, done, length - done, position + done);
    if (count === 0) break;
    done += count;
  }
  return buffer.subarray(0, done);
}
