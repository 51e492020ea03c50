import { readSync } from "node:fs";

/**
 * A run log (a shell or background command's output, a harness's events, under .runs/) is capped:
 * past LOG_CAP_BYTES its middle is dropped while it is written, keeping its first LOG_KEEP_HEAD_BYTES
 * (the last MARKER_BYTES of them become the marker that says how much was dropped) and its last
 * LOG_KEEP_TAIL_BYTES or more. Both kept parts are whole filesystem blocks.
 */
export const LOG_CAP_BYTES = 40 * 1024 * 1024;
export const LOG_KEEP_HEAD_BYTES = 8 * 1024 * 1024;
export const LOG_KEEP_TAIL_BYTES = 16 * 1024 * 1024;
const MARKER_BYTES = 128;
export const LOG_MARKER_OFFSET = LOG_KEEP_HEAD_BYTES - MARKER_BYTES;

const MARKER_PATTERN = /^\n\[… (\d+) bytes dropped from this log/;

/** The marker, padded to its fixed size so that a later drop rewrites it in place. */
export function logMarker(droppedBytes: number): Buffer {
  const text = `\n[… ${droppedBytes} bytes dropped from this log: it keeps its first 8 MiB and its last 16 MiB …]`;
  const marker = Buffer.alloc(MARKER_BYTES, " ");
  marker.write(text, 0, "utf8");
  marker.write("\n", MARKER_BYTES - 1, "utf8");
  return marker;
}

/** The bytes dropped from the log open on `descriptor` (size `size`), 0 when none were. */
export function droppedFromLog(descriptor: number, size: number): number {
  if (size < LOG_KEEP_HEAD_BYTES) return 0;
  const buffer = Buffer.alloc(MARKER_BYTES);
  const read = readSync(descriptor, buffer, 0, MARKER_BYTES, LOG_MARKER_OFFSET);
  const match = MARKER_PATTERN.exec(buffer.subarray(0, read).toString("utf8"));
  return match ? Number(match[1]) : 0;
}
