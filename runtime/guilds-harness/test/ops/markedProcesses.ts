import { readdirSync, readFileSync } from "node:fs";

/** Live processes on this host whose command line holds `marker`, zombies left out. */
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

/** A sleep length no other process on the host has: `sleep <it>` is found by it. */
export function markedSeconds(whole: number): string {
  return `${whole}.${process.pid}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/** The cgroup paths of a process, one per hierarchy ("4:memory:/a/b" lines). */
export function cgroupsOf(pid: number): string {
  return readFileSync(`/proc/${pid}/cgroup`, "utf8");
}
