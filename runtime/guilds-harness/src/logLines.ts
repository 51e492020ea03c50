import { closeSync, fstatSync, openSync, readSync } from "node:fs";

const NEWLINE = 10;
const CHUNK_BYTES = 1024 * 1024;
/**
 * Longer lines are not held (memory stays bounded whatever the CLI printed): they are reported as
 * oversized, without their bytes. Far past any event the CLIs print, final message included.
 */
export const LOG_LINE_MAX_BYTES = 16 * 1024 * 1024;

export interface LogLine {
  /** The line's bytes without its newline (valid during the call only); null for an oversized line. */
  bytes: Buffer | null;
  /** Its length in the file, newline included. */
  fileBytes: number;
}

/**
 * Reads the log from its start in fixed chunks and calls `onLine` for every line, in order (a last
 * line without a newline too). Only the bytes present at the start are read: a CLI still writing
 * does not make the pass endless. Returns the size read.
 */
export function forEachLogLine(file: string, onLine: (line: LogLine) => void): number {
  const descriptor = openSync(file, "r");
  try {
    const size = fstatSync(descriptor).size;
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(size, 1)));
    const pending = new PendingLine();
    for (let position = 0; position < size; ) {
      const count = readSync(descriptor, chunk, 0, Math.min(chunk.length, size - position), position);
      if (count === 0) break;
      const data = chunk.subarray(0, count);
      let from = 0;
      for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, from)) {
        if (pending.empty()) {
          onLine(lineOf(data.subarray(from, end)));
        } else {
          pending.add(data.subarray(from, end));
          onLine(pending.take(1));
        }
        from = end + 1;
      }
      pending.add(data.subarray(from));
      position += count;
    }
    if (!pending.empty()) onLine(pending.take(0));
    return size;
  } finally {
    closeSync(descriptor);
  }
}

/** A line whole inside one chunk: passed as a view, no copy (a chunk is far below the cap). */
function lineOf(bytes: Buffer): LogLine {
  return { bytes, fileBytes: bytes.length + 1 };
}

/** The bytes of the line being read, copied out of the reused chunk, dropped past the cap. */
class PendingLine {
  private parts: Buffer[] = [];
  private bytes = 0;

  add(part: Buffer): void {
    this.bytes += part.length;
    if (this.bytes <= LOG_LINE_MAX_BYTES && part.length > 0) this.parts.push(Buffer.from(part));
    else if (this.bytes > LOG_LINE_MAX_BYTES) this.parts = [];
  }

  empty(): boolean {
    return this.bytes === 0;
  }

  take(newlineBytes: number): LogLine {
    const line: LogLine = {
      bytes: this.bytes > LOG_LINE_MAX_BYTES ? null : Buffer.concat(this.parts, this.bytes),
      fileBytes: this.bytes + newlineBytes,
    };
    this.parts = [];
    this.bytes = 0;
    return line;
  }
}
