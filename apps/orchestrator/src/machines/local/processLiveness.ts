import { readFileSync } from "node:fs";
import { processStartTicks } from "@guilds/runtime/processTable";

/** Running, not a zombie: an orphan is reaped by whoever is pid 1 here, which may be slow or never. */
export function isProcessRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** The process a record names is still running: same pid, started at the same time (not a reused pid). */
export function isSameProcessRunning(pid: number, startTicks: number): boolean {
  return isProcessRunning(pid) && processStartTicks(pid) === startTicks;
}
