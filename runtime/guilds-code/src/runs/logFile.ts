import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { LOG_KEEP_HEAD_BYTES } from "@guilds/protocol/runLogCap";
import { droppedFromLog } from "@guilds/runtime/runLogRead";
import type { OpContext } from "../context.ts";
import type { OutputSource } from "../text/shape.ts";

/** A call's output log: .runs/<run id>/<call id>.log in the home, and how results name it. */
export interface CallLog {
  /** Absolute path inside the machine. */
  file: string;
  /** ~/.runs/<run id>/<call id>.log */
  displayPath: string;
}

export function callLog(context: OpContext): CallLog {
  const name = `${context.request.call_id}.log`;
  const relative = path.relative(context.home, path.join(context.runDir, name));
  return { file: path.join(context.runDir, name), displayPath: `~/${relative}` };
}

/**
 * Runs `use` with the file as a source of positioned reads; only the bytes asked for are read. A log
 * whose middle the machine dropped (runLogCap) reads as the whole output: its size counts what was
 * dropped, and reads past the kept head land in the kept tail.
 */
export function withFileSource<T>(file: string, use: (source: OutputSource) => T): T {
  const descriptor = openSync(file, "r");
  try {
    // A child left running may still append: the size seen now is the output shaped.
    const stored = fstatSync(descriptor).size;
    const dropped = droppedFromLog(descriptor, stored);
    const size = stored + dropped;
    const read = (start: number, end: number): Buffer => {
      if (dropped > 0 && start >= LOG_KEEP_HEAD_BYTES) return readStored(start - dropped, end - dropped);
      return readStored(start, Math.min(end, dropped > 0 ? LOG_KEEP_HEAD_BYTES : end));
    };
    const readStored = (start: number, end: number): Buffer => {
      const length = Math.max(0, Math.min(end, stored) - start);
      const buffer = Buffer.alloc(length);
      let done = 0;
      while (done < length) {
        const count = readSync(descriptor, buffer, done, length - done, start + done);
        if (count === 0) break;
        done += count;
      }
      return buffer.subarray(0, done);
    };
    return use({ size, read });
  } finally {
    closeSync(descriptor);
  }
}
