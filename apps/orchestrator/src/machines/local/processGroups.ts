import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";
import { isProcessRunning } from "./processLiveness.ts";

/**
 * TERM, then KILL this long after, for a process a machine started: a helper (guilds-code) stops its
 * foreground command (a group of its own) with TERM, then KILL SHELL_KILL_GRACE_MS later, and must
 * be left the time to do so before it is killed itself.
 */
export const STARTED_PROCESS_GRACE_MS = SHELL_KILL_GRACE_MS + 1_000;

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

interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
}

/** Every process of this host we can see: its parent and its group, from /proc/<pid>/stat. */
function processTable(): ProcessEntry[] {
  const table: ProcessEntry[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return table;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid) });
    } catch {
      // Gone since the listing.
    }
  }
  return table;
}

/**
 * The given groups that still have members, and the group of every process that descends from one
 * of those members: a helper's foreground command runs in a session (so a group) of its own, but is
 * still its child.
 */
export function groupsWithDescendants(pgids: Iterable<number>): Set<number> {
  const wanted = new Set(pgids);
  const found = new Set<number>();
  const table = processTable();
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const queue = table.filter((entry) => wanted.has(entry.pgid));
  const seen = new Set(queue.map((entry) => entry.pid));
  while (queue.length > 0) {
    const entry = queue.pop() as ProcessEntry;
    found.add(entry.pgid);
    for (const child of children.get(entry.pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      queue.push(child);
    }
  }
  return found;
}

/**
 * The groups of processes whose environment, as they were started with, holds every one of
 * `marks` ("NAME=value"): a command left running after the helper that started it died is no
 * longer anyone's descendant, but keeps the environment its shell gave it. This process's own group
 * is never one of them.
 */
export function groupsMarkedBy(marks: readonly string[]): Set<number> {
  const found = new Set<number>();
  const table = processTable();
  const own = table.find((entry) => entry.pid === process.pid)?.pgid ?? process.pid;
  for (const entry of table) {
    if (entry.pgid === own || entry.pid === process.pid) continue;
    let environment: string[];
    try {
      environment = readFileSync(`/proc/${entry.pid}/environ`, "utf8").split("\0");
    } catch {
      // Gone, or not ours to read.
      continue;
    }
    if (marks.every((mark) => environment.includes(mark))) found.add(entry.pgid);
  }
  return found;
}
