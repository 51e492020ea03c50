import type { Readable } from "node:stream";

/** The first `maxBytes` of a stream; what came after is counted, not kept. */
export class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private keptBytes = 0;
  overflowed = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    const room = this.maxBytes - this.keptBytes;
    if (chunk.length > room) this.overflowed = true;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(kept);
    this.keptBytes += kept.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/** Longest stderr line shown in a failure message. */
const TAIL_LINE_MAX_CHARS = 400;

/** The last `maxBytes` of a stream, for "the last N lines of its stderr". */
export class TailBuffer {
  private tail = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.maxBytes) {
      this.tail = Buffer.from(chunk.subarray(chunk.length - this.maxBytes));
      return;
    }
    const joined = Buffer.concat([this.tail, chunk]);
    this.tail =
      joined.length > this.maxBytes ? Buffer.from(joined.subarray(joined.length - this.maxBytes)) : joined;
  }

  lastLines(count: number): string[] {
    const lines = this.tail
      .toString("utf8")
      .split("\n")
      .map((line) => line.replace(/\r$/, ""))
      .filter((line) => line.trim() !== "");
    return lines
      .slice(-count)
      .map((line) => (line.length > TAIL_LINE_MAX_CHARS ? `${line.slice(0, TAIL_LINE_MAX_CHARS)}…` : line));
  }
}

export function collectInto(stream: Readable, sink: { push(chunk: Buffer): void }): void {
  stream.on("data", (chunk: Buffer | string) =>
    sink.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk),
  );
  // A stream error ends the output; the exit (or the deadline) decides the call.
  stream.on("error", () => {});
}
