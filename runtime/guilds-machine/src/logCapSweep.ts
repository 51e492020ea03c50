import { execFile } from "node:child_process";
import { closeSync, openSync, readdirSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import {
  LOG_CAP_BYTES,
  LOG_KEEP_HEAD_BYTES,
  LOG_KEEP_TAIL_BYTES,
  LOG_MARKER_OFFSET,
  logMarker,
} from "@guilds/protocol/runLogCap";
import { droppedFromLog } from "@guilds/runtime/runLogRead";

const SWEEP_INTERVAL_MS = 2_000;

/**
 * Keeps every run log under <runs folder>/<run id>/ within LOG_CAP_BYTES while it is written: a log
 * past the cap loses its middle (fallocate's collapse-range: ext4 and XFS have it; on a filesystem
 * without it logs are not capped, and the home's disk limit still holds), and its marker says how
 * much. The writers append (O_APPEND), so a collapse never leaves them writing past the end.
 */
export function startLogCapSweep(runsFolder: string): () => void {
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep(runsFolder).finally(() => {
      sweeping = false;
    });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function sweep(runsFolder: string): Promise<void> {
  for (const file of runLogs(runsFolder)) {
    let size: number;
    let blockSize: number;
    try {
      const stats = statSync(file);
      if (!stats.isFile() || stats.size <= LOG_CAP_BYTES) continue;
      size = stats.size;
      blockSize = stats.blksize || 4096;
    } catch {
      continue;
    }
    await capLog(file, size, blockSize);
  }
}

function runLogs(runsFolder: string): string[] {
  const files: string[] = [];
  for (const run of readdirQuietly(runsFolder)) {
    const folder = path.join(runsFolder, run);
    for (const name of readdirQuietly(folder)) files.push(path.join(folder, name));
  }
  return files;
}

export async function capLog(file: string, size: number, blockSize: number): Promise<void> {
  const start = LOG_KEEP_HEAD_BYTES;
  const end = Math.floor((size - LOG_KEEP_TAIL_BYTES) / blockSize) * blockSize;
  if (end <= start) return;
  const descriptor = openSync(file, "r+");
  try {
    const before = droppedFromLog(descriptor, size);
    const collapse = ["--collapse-range", "--offset", String(start), "--length", String(end - start), file];
    if (await fallocate(collapse))
      writeSync(descriptor, logMarker(before + end - start), 0, undefined, LOG_MARKER_OFFSET);
  } finally {
    closeSync(descriptor);
  }
}

function fallocate(args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile("fallocate", args, { env: { PATH: "/usr/bin:/bin" } }, (error) => resolve(error === null));
  });
}

function readdirQuietly(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
