import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";

/**
 * TERM, then KILL this long after, for a process started here: a helper (guilds-code) stops its
 * foreground command (its own group) with TERM, then KILL SHELL_KILL_GRACE_MS later, and must be
 * left the time to do so before it is killed itself.
 */
export const STARTED_PROCESS_GRACE_MS = SHELL_KILL_GRACE_MS + 1_000;
/** How often a group being ended is looked at, to stop watching it once it is gone. */
const ABANDONED_POLL_MS = 100;

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

/**
 * Ends the group of a process nobody will read any more: SIGTERM now, SIGKILL to what is left after
 * STARTED_PROCESS_GRACE_MS. Nothing waits for it: the timers never keep the daemon alive, and stop
 * watching the group once it is found empty (its id could be reused).
 */
export function abandonGroup(pgid: number): void {
  if (!signalGroup(pgid, "SIGTERM")) return;
  const watch = setInterval(() => {
    if (signalGroup(pgid, 0)) return;
    clearInterval(watch);
    clearTimeout(kill);
  }, ABANDONED_POLL_MS);
  const kill = setTimeout(() => {
    clearInterval(watch);
    signalGroup(pgid, "SIGKILL");
  }, STARTED_PROCESS_GRACE_MS);
  watch.unref();
  kill.unref();
}

/**
 * The given groups that still have members, and the group of every process that descends from one
 * of those members: a helper's foreground command runs in a session (so a group) of its own, but is
 * still its child. Read from /proc/<pid>/stat.
 */
export function groupsWithDescendants(pgids: Iterable<number>): Set<number> {
  const wanted = new Set(pgids);
  const found = new Set<number>();
  const table: { pid: number; ppid: number; pgid: number }[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc");
  } catch {}
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid) });
    } catch {}
  }
  const children = new Map<number, typeof table>();
  for (const entry of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const queue = table.filter((entry) => wanted.has(entry.pgid));
  const seen = new Set(queue.map((entry) => entry.pid));
  for (let entry = queue.pop(); entry !== undefined; entry = queue.pop()) {
    found.add(entry.pgid);
    for (const child of children.get(entry.pid) ?? []) {
      if (!seen.has(child.pid)) queue.push(child);
      seen.add(child.pid);
    }
  }
  return found;
}
