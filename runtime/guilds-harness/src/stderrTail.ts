import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { HARNESS_STDERR_TAIL_LINES } from "@guilds/protocol/harnessLimits";
import { boundLine } from "./boundedLine.ts";
import { isWarningLine } from "./warningLine.ts";

/** The tail is read from this many bytes before the end, never more: memory stays bounded. */
const TAIL_WINDOW_BYTES = 64 * 1024;

/** "the last 5 lines of its stderr", blank lines and warnings left out; [] when there is none. */
export function stderrTail(file: string, count = HARNESS_STDERR_TAIL_LINES): string[] {
  let descriptor: number;
  try {
    descriptor = openSync(file, "r");
  } catch {
    return [];
  }
  try {
    const size = fstatSync(descriptor).size;
    const start = Math.max(0, size - TAIL_WINDOW_BYTES);
    const buffer = Buffer.alloc(size - start);
    const read = readSync(descriptor, buffer, 0, buffer.length, start);
    const lines = buffer.subarray(0, read).toString("utf8").split("\n");
    // The first line of a window that starts inside the file is only the end of a line.
    if (start > 0) lines.shift();
    return lines
      .map((line) => line.trimEnd())
      .filter((line) => line !== "" && !isWarningLine(line))
      .slice(-count)
      .map((line) => boundLine(line));
  } finally {
    closeSync(descriptor);
  }
}
