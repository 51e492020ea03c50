import { readFileSync } from "node:fs";

export { processesWith } from "@guilds/runtime/test/processesWith";

/** A sleep length no other process on the host has: `sleep <it>` is found by it. */
export function markedSeconds(whole: number): string {
  return `${whole}.${process.pid}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/** The cgroup paths of a process, one per hierarchy ("4:memory:/a/b" lines). */
export function cgroupsOf(pid: number): string {
  return readFileSync(`/proc/${pid}/cgroup`, "utf8");
}
