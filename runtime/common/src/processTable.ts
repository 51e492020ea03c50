import { readdirSync, readFileSync } from "node:fs";

/**
 * What /proc says about a process. Liveness is read here rather than with kill(pid, 0) because a
 * machine's init may never reap orphans: a zombie answers kill(0) but has ended.
 */
export interface ProcessInfo {
  state: string;
  processGroup: number;
  /** Clock ticks after boot at which it started: tells a reused pid from the original. */
  startTicks: number;
}

/** Fields after "(comm) ": state is field 3 of the line, pgrp field 5, starttime field 22. */
const STATE_FIELD = 0;
const PROCESS_GROUP_FIELD = 2;
const START_TICKS_FIELD = 19;
const ENDED_STATES = new Set(["Z", "X", "x"]);

export function readProcess(pid: number): ProcessInfo | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name may hold spaces and parentheses: the fields start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const state = fields[STATE_FIELD];
  const processGroup = Number(fields[PROCESS_GROUP_FIELD]);
  const startTicks = Number(fields[START_TICKS_FIELD]);
  if (!state || !Number.isInteger(processGroup) || !Number.isInteger(startTicks)) return undefined;
  return { state, processGroup, startTicks };
}

function procIsReadable(): boolean {
  return readProcess(process.pid) !== undefined;
}

/** Running (not a zombie) and, when `startTicks` is given, the very process that was started. */
export function isProcessLive(pid: number, startTicks?: number): boolean {
  if (!procIsReadable()) return signalZeroSucceeds(pid);
  const info = readProcess(pid);
  if (!info || ENDED_STATES.has(info.state)) return false;
  return startTicks === undefined || info.startTicks === startTicks;
}

/** Whether any process of the group is still running (zombies excluded). */
export function groupHasLiveMembers(processGroup: number): boolean {
  if (!signalZeroSucceeds(-processGroup)) return false;
  if (!procIsReadable()) return true;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const info = readProcess(pid);
    if (info && info.processGroup === processGroup && !ENDED_STATES.has(info.state)) return true;
  }
  return false;
}

function signalZeroSucceeds(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (caught) {
    // EPERM: it exists but belongs to someone else.
    return (caught as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Clock ticks after boot at which the process started; null when it is gone. */
export function processStartTicks(pid: number): number | null {
  return readProcess(pid)?.startTicks ?? null;
}

/** A process of this pid namespace: its parent and its group. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
}

/** Every process we can see, from /proc/<pid>/stat ("pid (comm) state ppid pgrp ..."). */
export function listProcesses(): ProcessEntry[] {
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
      // The command name may hold spaces and parentheses: the fields start after the last ")".
      const [, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid) });
    } catch {
      // Gone since the listing.
    }
  }
  return table;
}
