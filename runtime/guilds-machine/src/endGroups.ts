import { setTimeout as sleep } from "node:timers/promises";

/** SIGTERM to every process group, then SIGKILL to those still there after the grace period. */
export async function endGroups(pgids: Iterable<number>, graceMs: number): Promise<void> {
  const alive = [...new Set(pgids)].filter((pgid) => signalGroup(pgid, "SIGTERM"));
  const deadline = Date.now() + graceMs;
  let remaining = alive;
  while (remaining.length > 0 && Date.now() < deadline) {
    await sleep(25);
    remaining = remaining.filter((pgid) => signalGroup(pgid, 0));
  }
  for (const pgid of remaining) signalGroup(pgid, "SIGKILL");
}

/** Signals a process group; false when it is gone, or the signal is not one. */
export function signalGroup(pgid: number, signal: string | 0): boolean {
  // Never our own group or init, whatever a record the agent can write says.
  if (!Number.isInteger(pgid) || pgid <= 1 || pgid === process.pid) return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}
