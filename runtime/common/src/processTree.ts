import { readFileSync } from "node:fs";
import { listProcesses, type ProcessEntry } from "./processTable.ts";

/**
 * The given groups that still have members, and the group of every process that descends from one
 * of those members: a helper's foreground command runs in a session (so a group) of its own, but is
 * still its child.
 */
export function groupsWithDescendants(pgids: Iterable<number>): Set<number> {
  const wanted = new Set(pgids);
  const found = new Set<number>();
  const table = listProcesses();
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const queue = table.filter((entry) => wanted.has(entry.pgid));
  const seen = new Set(queue.map((entry) => entry.pid));
  for (let entry = queue.pop(); entry !== undefined; entry = queue.pop()) {
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
  const table = listProcesses();
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
