import { setTimeout as sleep } from "node:timers/promises";
import { isProcessRunning } from "./processLiveness.ts";

/** Signals a process group; false when it is gone (or was never ours to signal). */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  // Never our own group, init, or a nonsense id read from a record the agent can write.
  if (!Number.isInteger(pgid) || pgid <= 1 || pgid === process.pid) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export function isGroupAlive(pgid: number): boolean {
  return signalGroup(pgid, 0);
}

/** SIGTERM to every group, then SIGKILL to those still there after the grace period. */
export async function endGroups(pgids: Iterable<number>, graceMs: number): Promise<void> {
  const alive = [...new Set(pgids)].filter((pgid) => signalGroup(pgid, "SIGTERM"));
  const deadline = Date.now() + graceMs;
  let remaining = alive;
  while (remaining.length > 0 && Date.now() < deadline) {
    await sleep(25);
    remaining = remaining.filter(isGroupAlive);
  }
  for (const pgid of remaining) signalGroup(pgid, "SIGKILL");
}

/** Waits for a process that is not our child to be gone; SIGKILL once the time is up. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessRunning(pid)) {
    if (Date.now() > deadline) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
      await sleep(50);
      return;
    }
    await sleep(5);
  }
}
