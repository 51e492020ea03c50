import { readdirSync, readFileSync } from "node:fs";

/**
 * Live processes on this host whose command line holds `marker`, zombies left out. The host's /proc
 * also shows a bwrap sandbox's processes, whose pids inside ($$) mean nothing out here.
 */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (state !== "Z" && state !== "X") found.push(pid);
    } catch {
      // gone while it was read
    }
  }
  return found;
}
