import { readSync } from "node:fs";
import {
  droppedInMarker,
  LOG_KEEP_HEAD_BYTES,
  LOG_MARKER_BYTES,
  LOG_MARKER_OFFSET,
} from "@guilds/protocol/runLogCap";

/** The bytes dropped from the capped run log open on `descriptor` (size `size`), 0 when none were. */
export function droppedFromLog(descriptor: number, size: number): number {
  if (size < LOG_KEEP_HEAD_BYTES) return 0;
  const buffer = Buffer.alloc(LOG_MARKER_BYTES);
  const read = readSync(descriptor, buffer, 0, LOG_MARKER_BYTES, LOG_MARKER_OFFSET);
  return droppedInMarker(buffer.subarray(0, read));
}
