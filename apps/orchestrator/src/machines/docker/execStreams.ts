import { Readable } from "node:stream";

/** Output buffered per stream before the engine's stream is paused. */
const OUTPUT_BUFFER_BYTES = 256 * 1024;
const HEADER_BYTES = 8;

/** The two outputs of an exec, read from the engine's multiplexed stream with back-pressure. */
export interface ExecOutputs {
  stdout: Readable;
  stderr: Readable;
  /** Feeds the engine's stream in; ends both outputs when it ends. */
  attach(source: NodeJS.ReadableStream & { pause(): void; resume(): void }): void;
  /** Ends both outputs now (a grandchild holds the stream open past the exit). */
  end(): void;
}

/**
 * The engine's stream without a TTY is frames: one byte for the stream (1 stdout, 2 stderr), three
 * zero bytes, a big-endian length, then that many bytes. (dockerode's demuxStream writes with no
 * back-pressure; a chatty command would fill the server's memory.)
 */
export function execOutputs(): ExecOutputs {
  let source: (NodeJS.ReadableStream & { pause(): void; resume(): void }) | null = null;
  const read = () => source?.resume();
  const stdout = new Readable({ read, highWaterMark: OUTPUT_BUFFER_BYTES });
  const stderr = new Readable({ read, highWaterMark: OUTPUT_BUFFER_BYTES });
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stdout.push(null);
    stderr.push(null);
  };
  const take = (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let full = false;
    while (pending.length >= HEADER_BYTES) {
      const length = pending.readUInt32BE(4);
      if (pending.length < HEADER_BYTES + length) break;
      const payload = pending.subarray(HEADER_BYTES, HEADER_BYTES + length);
      const target = pending[0] === 2 ? stderr : stdout;
      pending = pending.subarray(HEADER_BYTES + length);
      if (!ended && !target.push(Buffer.from(payload))) full = true;
    }
    if (full) source?.pause();
  };
  return {
    stdout,
    stderr,
    attach(stream) {
      source = stream;
      stream.on("data", (chunk: Buffer) => take(chunk));
      stream.on("end", end);
      stream.on("close", end);
      stream.on("error", end);
    },
    end,
  };
}
