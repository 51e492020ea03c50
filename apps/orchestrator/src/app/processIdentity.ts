import { readFileSync, readlinkSync } from "node:fs";

/**
 * When process `pid` started, as "<pid namespace>:<start time in clock ticks since boot>", or null
 * when no such process is visible or /proc cannot tell. Two different processes never share it,
 * even when a pid is reused (a container restarted keeps its hostname and often its pids).
 */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields after the last ")" are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = fields[19];
    return startTicks === undefined ? null : `${pidNamespaceOf("self")}:${startTicks}`;
  } catch {
    return null;
  }
}

/** The pid namespace part of a processStartOf value ("" when /proc does not name it). */
export function pidNamespaceOf(processStart: string | "self"): string {
  if (processStart !== "self") return processStart.slice(0, processStart.lastIndexOf(":"));
  try {
    return readlinkSync("/proc/self/ns/pid");
  } catch {
    return "";
  }
}

/** Whether process `pid` exists here (signal 0 checks without sending anything). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
