/**
 * The exec protocol between the orchestrator and guilds-machine, the daemon inside a local sandbox.
 * One unix-socket connection per process. Every frame is a 1-byte type, a 4-byte big-endian payload
 * length, then the payload (JSON for control frames, raw bytes for data).
 *
 * daemon → host: hello (first, always), started, stdout*, stderr*, exit | error, then it closes.
 * host → daemon (only after a valid hello): start | writeFile, then stdin*, stdinEnd, signal*;
 * or hold alone, which keeps a machine that stops itself when idle awake until the connection closes.
 * A host that disconnects before the exit gets its process group killed.
 */

export const MACHINE_EXEC_PROTOCOL = 1;

export const Frame = {
  start: 1,
  stdin: 2,
  stdinEnd: 3,
  signal: 4,
  writeFile: 5,
  hold: 6,
  hello: 10,
  started: 11,
  stdout: 12,
  stderr: 13,
  exit: 14,
  error: 15,
} as const;
export type FrameType = (typeof Frame)[keyof typeof Frame];

/** `boot` names one start of the machine: a host only talks to the daemon it started. */
export interface HelloFrame {
  protocol: number;
  boot: string;
}
export interface StartFrame {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  stdin: "ignore" | "pipe";
  /**
   * A long-lived helper session: it does not keep a machine that stops itself when idle awake while
   * it waits; what goes through it counts as activity instead.
   */
  longLived?: boolean;
}
/** The file's bytes follow as stdin frames; stdinEnd writes it. The answer is exit {code: 0} or error. */
export interface WriteFileFrame {
  path: string;
  mode: number;
}
export interface SignalFrame {
  signal: string;
}
export interface StartedFrame {
  pid: number;
}
export interface ExitFrame {
  code: number | null;
  signal: string | null;
}
export interface ErrorFrame {
  message: string;
}

const HEADER_BYTES = 5;
/** Data frames carry pipe chunks (64 KiB); control frames an argv and env. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export function encodeFrame(type: FrameType, payload: Buffer = Buffer.alloc(0)): Buffer {
  const frame = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  frame.writeUInt8(type, 0);
  frame.writeUInt32BE(payload.length, 1);
  payload.copy(frame, HEADER_BYTES);
  return frame;
}

export function encodeJsonFrame(type: FrameType, value: unknown): Buffer {
  return encodeFrame(type, Buffer.from(JSON.stringify(value), "utf8"));
}

export interface DecodedFrame {
  type: number;
  payload: Buffer;
}

/** Cuts a byte stream into frames; throws on a frame past MAX_FRAME_BYTES. */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): DecodedFrame[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: DecodedFrame[] = [];
    let offset = 0;
    while (this.pending.length - offset >= HEADER_BYTES) {
      const length = this.pending.readUInt32BE(offset + 1);
      if (length > MAX_FRAME_BYTES) throw new Error(`frame of ${length} bytes is past the limit`);
      if (this.pending.length - offset < HEADER_BYTES + length) break;
      const type = this.pending.readUInt8(offset);
      frames.push({
        type,
        payload: this.pending.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + length),
      });
      offset += HEADER_BYTES + length;
    }
    this.pending = offset === this.pending.length ? Buffer.alloc(0) : this.pending.subarray(offset);
    return frames;
  }
}

export function parseJsonFrame(payload: Buffer): unknown {
  return JSON.parse(payload.toString("utf8"));
}
