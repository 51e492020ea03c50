import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { LOG_KEEP_HEAD_BYTES, LOG_MARKER_OFFSET } from "@guilds/protocol/runLogCap";

/** A run log as it is on disk: how many bytes it stores, and how many its marker says were dropped. */
export interface CappedLogState {
  storedBytes: number;
  /** 0 while the machine has not cut the log's middle (runLogCap). */
  droppedBytes: number;
  /** The marker's text, "" when there is none. */
  marker: string;
}

const DROPPED_PATTERN = /^\n\[… (\d+) bytes dropped from this log/;

export function cappedLogState(file: string): CappedLogState {
  const descriptor = openSync(file, "r");
  try {
    const storedBytes = fstatSync(descriptor).size;
    const region = Buffer.alloc(LOG_KEEP_HEAD_BYTES - LOG_MARKER_OFFSET);
    const read = readSync(descriptor, region, 0, region.length, LOG_MARKER_OFFSET);
    const text = region.subarray(0, read).toString("utf8");
    const dropped = DROPPED_PATTERN.exec(text);
    return { storedBytes, droppedBytes: dropped ? Number(dropped[1]) : 0, marker: dropped ? text : "" };
  } finally {
    closeSync(descriptor);
  }
}
