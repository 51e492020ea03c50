import { createHash, type Hash } from "node:crypto";
import { BINARY_PROBE_BYTES, FILE_READ_LINE_MAX_CHARS } from "@guilds/protocol/limits";

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/**
 * Bytes kept of each line in the window: enough for FILE_READ_LINE_MAX_CHARS characters of up to
 * four bytes, plus one more character so a longer line is known to be clipped.
 */
export const LINE_HEAD_BYTES = (FILE_READ_LINE_MAX_CHARS + 1) * 4;

export interface WindowLine {
  number: number;
  /** The line's first bytes (at most LINE_HEAD_BYTES), without its line ending. */
  head: Buffer;
  /** Characters of the line past its head, counted but not kept. */
  charsAfterHead: number;
}

/** What one pass over a file learns. */
export interface FileScan {
  bytes: number;
  /** Lines in the whole file: a last line without a newline counts, a final newline adds none. */
  lines: number;
  /** SHA-256 (hex) of the whole file. */
  contentHash: string;
  /** A NUL byte within the first BINARY_PROBE_BYTES. */
  binary: boolean;
  /** The requested lines that exist, in order. */
  window: WindowLine[];
}

interface OpenLine {
  number: number;
  parts: Buffer[];
  headBytes: number;
  totalBytes: number;
  charsAfterHead: number;
  lastByte: number;
}

/**
 * Counts lines, hashes, and keeps lines first..last of a file fed chunk by chunk: one streaming
 * pass whose memory is the window alone, whatever the file's size.
 */
export class LineWindowScanner {
  private readonly hash: Hash = createHash("sha256");
  private bytes = 0;
  private probed = 0;
  private binary = false;
  private completedLines = 0;
  private lastByte = -1;
  private open: OpenLine | undefined;
  private readonly window: WindowLine[] = [];

  constructor(
    private readonly first: number,
    private readonly last: number,
  ) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.lastByte = chunk[chunk.length - 1] ?? -1;
    if (this.probed < BINARY_PROBE_BYTES) {
      const probe = chunk.subarray(0, BINARY_PROBE_BYTES - this.probed);
      this.probed += probe.length;
      if (probe.includes(0)) this.binary = true;
    }
    let position = 0;
    while (position < chunk.length) {
      const lineNumber = this.completedLines + 1;
      if (this.binary || lineNumber > this.last) {
        this.completedLines += countNewlines(chunk, position);
        return;
      }
      if (lineNumber < this.first) {
        position = this.skipLines(chunk, position, this.first - lineNumber);
        continue;
      }
      const newline = chunk.indexOf(NEWLINE, position);
      this.append(lineNumber, chunk, position, newline === -1 ? chunk.length : newline);
      if (newline === -1) return;
      this.close();
      this.completedLines += 1;
      position = newline + 1;
    }
  }

  /** Passes over up to `count` whole lines; returns where it stopped (the chunk's end if they ran out). */
  private skipLines(chunk: Buffer, from: number, count: number): number {
    let position = from;
    for (let skipped = 0; skipped < count; skipped += 1) {
      const newline = chunk.indexOf(NEWLINE, position);
      if (newline === -1) return chunk.length;
      this.completedLines += 1;
      position = newline + 1;
    }
    return position;
  }

  finish(): FileScan {
    const unterminated = this.bytes > 0 && this.lastByte !== NEWLINE;
    if (this.open) this.close();
    return {
      bytes: this.bytes,
      lines: this.completedLines + (unterminated ? 1 : 0),
      contentHash: this.hash.digest("hex"),
      binary: this.binary,
      window: this.window,
    };
  }

  private append(number: number, chunk: Buffer, start: number, end: number): void {
    if (!this.open) {
      this.open = { number, parts: [], headBytes: 0, totalBytes: 0, charsAfterHead: 0, lastByte: -1 };
    }
    const line = this.open;
    if (end === start) return;
    line.totalBytes += end - start;
    line.lastByte = chunk[end - 1] ?? -1;
    const taken = Math.min(LINE_HEAD_BYTES - line.headBytes, end - start);
    if (taken > 0) {
      // Copied: the chunk's buffer is reused for the next read.
      line.parts.push(Buffer.from(chunk.subarray(start, start + taken)));
      line.headBytes += taken;
    }
    for (let index = start + taken; index < end; index += 1) {
      if (((chunk[index] ?? 0) & 0xc0) !== 0x80) line.charsAfterHead += 1;
    }
  }

  private close(): void {
    const line = this.open;
    this.open = undefined;
    if (!line) return;
    let head = Buffer.concat(line.parts);
    let charsAfterHead = line.charsAfterHead;
    if (line.lastByte === CARRIAGE_RETURN) {
      // A CRLF line ending is not part of the text.
      if (line.totalBytes > line.headBytes) charsAfterHead -= 1;
      else head = head.subarray(0, head.length - 1);
    }
    this.window.push({ number: line.number, head, charsAfterHead });
  }
}

function countNewlines(chunk: Buffer, from: number): number {
  let count = 0;
  for (
    let newline = chunk.indexOf(NEWLINE, from);
    newline !== -1;
    newline = chunk.indexOf(NEWLINE, newline + 1)
  ) {
    count += 1;
  }
  return count;
}
