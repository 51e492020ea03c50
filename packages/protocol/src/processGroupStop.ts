import { constants } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { groupHasLiveMembers } from "./processTable.ts";

/** How a process ended, as Node reports it. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A process ended by a signal reports 128 + its number, as a shell does. */
const SIGNAL_EXIT_BASE = 128;
/** Neither a code nor a known signal: report a plain failure. */
const UNKNOWN_EXIT_CODE = 1;

export function exitCodeOf({ code, signal }: ProcessExit): number {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number === undefined ? UNKNOWN_EXIT_CODE : SIGNAL_EXIT_BASE + number;
}

export function signalGroup(processGroup: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-processGroup, signal);
  } catch {
    // already gone
  }
}

const STOP_POLL_MS = 25;
/** After SIGKILL the kernel needs a moment; a process stuck in the kernel is not waited for longer. */
const KILLED_GROUP_WAIT_MS = 1_000;

/**
 * SIGTERM to the whole group, SIGKILL `graceMs` later if any member is still running. Resolves when
 * the group is gone. Its timers stay referenced: the caller's answer waits on them.
 */
export async function stopProcessGroup(processGroup: number, graceMs: number): Promise<void> {
  signalGroup(processGroup, "SIGTERM");
  if (await groupGoneWithin(processGroup, graceMs)) return;
  signalGroup(processGroup, "SIGKILL");
  await groupGoneWithin(processGroup, KILLED_GROUP_WAIT_MS);
}

async function groupGoneWithin(processGroup: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!groupHasLiveMembers(processGroup)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(STOP_POLL_MS, Math.max(0, deadline - Date.now())));
  }
}
