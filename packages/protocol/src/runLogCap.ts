/**
 * A run log (a shell or background command's output, a harness's events, under .runs/) is capped:
 * past LOG_CAP_BYTES its middle is dropped while it is written, keeping its first LOG_KEEP_HEAD_BYTES
 * (the last LOG_MARKER_BYTES of them become the marker that says how much was dropped) and its last
 * LOG_KEEP_TAIL_BYTES or more. Both kept parts are whole filesystem blocks.
 */
export const LOG_CAP_BYTES = 40 * 1024 * 1024;
export const LOG_KEEP_HEAD_BYTES = 8 * 1024 * 1024;
export const LOG_KEEP_TAIL_BYTES = 16 * 1024 * 1024;
export const LOG_MARKER_BYTES = 128;
export const LOG_MARKER_OFFSET = LOG_KEEP_HEAD_BYTES - LOG_MARKER_BYTES;

const MARKER_PATTERN = /^\n\[… (\d+) bytes dropped from this log/;

/** The marker, padded to its fixed size so that a later drop rewrites it in place. */
export function logMarker(droppedBytes: number): Buffer {
  const text = `\n[… ${droppedBytes} bytes dropped from this log: it keeps its first 8 MiB and its last 16 MiB …]`;
  const marker = Buffer.alloc(LOG_MARKER_BYTES, " ");
  marker.write(text, 0, "utf8");
  marker.write("\n", LOG_MARKER_BYTES - 1, "utf8");
  return marker;
}

/** The bytes a log's marker (its LOG_MARKER_BYTES read at LOG_MARKER_OFFSET) says were dropped; 0 when none were. */
export function droppedInMarker(marker: Buffer): number {
  const match = MARKER_PATTERN.exec(marker.toString("utf8"));
  return match ? Number(match[1]) : 0;
}
