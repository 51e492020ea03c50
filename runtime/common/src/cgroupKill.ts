import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { readSmallFile } from "./smallFileRead.ts";

const POLL_MS = 10;
const FROZEN_WAIT_MS = 1_000;
const EMPTY_WAIT_MS = 3_000;

/**
 * Kills every process of a group (its folders `dirs`, one per v1 hierarchy or the one v2 folder),
 * those that left their session or process group included: cgroup.kill on v2 (its subgroups too);
 * on v1 the group is frozen, so nothing forks while `members()` are listed and sent SIGKILL, then
 * thawed so the signals land. Resolves once `members()` is empty (or after a short wait for a
 * process stuck in the kernel).
 */
export async function killCgroup(
  version: 1 | 2,
  dirs: readonly string[],
  members: () => number[],
): Promise<void> {
  if (version === 2) {
    const dir = dirs[0];
    if (dir !== undefined) writeQuietly(path.join(dir, "cgroup.kill"), "1");
  } else {
    const freezer = dirs.find((dir) => existsSync(path.join(dir, "freezer.state")));
    const state = freezer === undefined ? null : path.join(freezer, "freezer.state");
    if (state !== null) {
      writeQuietly(state, "FROZEN");
      await waitFor(() => readQuietly(state).trim() !== "FREEZING", FROZEN_WAIT_MS);
    }
    for (const pid of members()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
    if (state !== null) writeQuietly(state, "THAWED");
  }
  await waitFor(() => members().length === 0, EMPTY_WAIT_MS);
}

/** The pids a cgroup.procs file lists, as this process's pid namespace numbers them. */
export function readPids(file: string): number[] {
  return readQuietly(file)
    .split("\n")
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/** A cgroup file's text; empty when the group or this layout has no such file. */
export function readQuietly(file: string): string {
  try {
    return readSmallFile(file);
  } catch {
    return "";
  }
}

export function writeQuietly(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch {
    // the group is gone, or this layout has no such file
  }
}

async function waitFor(done: () => boolean, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (done()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}
