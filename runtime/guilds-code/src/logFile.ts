import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import path from "node:path";
import type { OpContext } from "./context.ts";
import type { OutputSource } from "./shape.ts";

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

/** Runs `use` with the file as a source of positioned reads; only the bytes asked for are read. */
export function withFileSource<T>(file: string, use: (source: OutputSource) => T): T {
  const descriptor = openSync(file, "r");
  try {
    // A child left running may still append: the size seen now is the output shaped.
    const size = fstatSync(descriptor).size;
    const read = (start: number, end: number): Buffer => {
      const length = Math.max(0, Math.min(end, size) - start);
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
