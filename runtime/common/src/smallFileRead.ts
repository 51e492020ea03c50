import { closeSync, openSync, readSync } from "node:fs";

/** One buffer for every read: the helpers are single-threaded, and what is read is decoded at once. */
let buffer = Buffer.alloc(16 * 1024);

/**
 * A small file's text (a cgroup's counters, a run's working directory) in three system calls: open,
 * one read, close. readFileSync also asks for the size and reads again until it gets 0 bytes, five
 * in all, and the long-lived helper reads several such files per call. A read that fills the buffer
 * is followed by another, into a larger one. Throws as readFileSync does.
 */
export function readSmallFile(file: string): string {
  const descriptor = openSync(file, "r");
  try {
    let length = 0;
    for (;;) {
      const count = readSync(descriptor, buffer, length, buffer.length - length, null);
      length += count;
      if (count === 0 || length < buffer.length) return buffer.toString("utf8", 0, length);
      const larger = Buffer.alloc(buffer.length * 2);
      buffer.copy(larger);
      buffer = larger;
    }
  } finally {
    closeSync(descriptor);
  }
}
