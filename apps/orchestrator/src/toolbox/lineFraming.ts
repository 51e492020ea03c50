import type { Readable } from "node:stream";

export interface LineHandlers {
  onLine(line: string): void;
  /** A line past the cap was dropped; `head` holds its first bytes, so its id can still be read. */
  onOverflow(head: string): void;
}

/** Bytes of an overlong line kept to name it. */
const OVERFLOW_HEAD_BYTES = 256;

/**
 * LF-only line framing with a byte cap. Intentionally not Node's readline: it also splits on
 * Unicode separators that are valid inside JSON strings.
 */
export function frameLines(stream: Readable, maxLineBytes: number, handlers: LineHandlers): void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overflowHead: string | undefined;
  stream.on("data", (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, newline);
      if (overflowHead === undefined && pendingBytes + piece.length > maxLineBytes) {
        overflowHead = headOf([...pending, piece]);
      }
      if (overflowHead === undefined) handlers.onLine(lineText(pending, chunk, start, newline));
      else handlers.onOverflow(overflowHead);
      pending = [];
      pendingBytes = 0;
      overflowHead = undefined;
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0 || overflowHead !== undefined) return;
    pendingBytes += rest.length;
    if (pendingBytes > maxLineBytes) {
      overflowHead = headOf([...pending, rest]);
      pending = [];
      return;
    }
    pending.push(Buffer.from(rest));
  });
  stream.on("error", () => {});
}

/** A line that came whole in one chunk (an answer, most often) is decoded in place, not copied first. */
function lineText(pending: Buffer[], chunk: Buffer, start: number, end: number): string {
  if (pending.length === 0) return chunk.toString("utf8", start, end);
  return Buffer.concat([...pending, chunk.subarray(start, end)]).toString("utf8");
}

function headOf(pieces: Buffer[]): string {
  return Buffer.concat(pieces).subarray(0, OVERFLOW_HEAD_BYTES).toString("utf8");
}
