import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const PIDS_MOUNT = "/sys/fs/cgroup/pids";

/** This process inside a fresh cgroup v1 pids group of its own, where a limit can make fork fail (EAGAIN). */
export interface PidsCgroup {
  /** The tasks (threads included) in the group now. */
  current(): number;
  /** The processes in the group now. */
  processes(): number[];
  /** pids.max: a number, or "max" for none. */
  limit(max: number | "max"): void;
  /**
   * Moves this process, and whatever else is in the group or groups made under it, back where it
   * was, and removes them; once.
   */
  leave(): Promise<void>;
}

/** Why a pids group cannot be made here; null when it can (root, cgroup v1 pids mounted). */
export function pidsCgroupUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "not root: only root moves a process between cgroups";
  if (ownPidsGroup() === null) return `no cgroup v1 pids hierarchy at ${PIDS_MOUNT}`;
  return null;
}

export function enterPidsCgroup(): PidsCgroup {
  const own = ownPidsGroup();
  if (own === null) throw new Error(`no cgroup v1 pids hierarchy at ${PIDS_MOUNT}`);
  const previous = path.join(PIDS_MOUNT, own);
  const group = path.join(previous, `guilds-test-${process.pid}-${Date.now()}`);
  mkdirSync(group);
  const file = (name: string) => path.join(group, name);
  writeFileSync(file("cgroup.procs"), String(process.pid));
  let left = false;
  const processes = () =>
    readFileSync(file("cgroup.procs"), "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map(Number);
  return {
    current: () => Number(readFileSync(file("pids.current"), "utf8").trim()),
    processes,
    limit: (max) => writeFileSync(file("pids.max"), String(max)),
    async leave() {
      if (left) return;
      writeFileSync(file("pids.max"), "max");
      await removeGroup(group, previous);
      left = true;
    },
  };
}

/** Moves every process of `group` and its child groups to `previous`, and removes them, deepest first. */
async function removeGroup(group: string, previous: string): Promise<void> {
  for (const entry of readdirSync(group, { withFileTypes: true })) {
    if (entry.isDirectory()) await removeGroup(path.join(group, entry.name), previous);
  }
  for (let attempt = 0; ; attempt += 1) {
    for (const pid of readFileSync(path.join(group, "cgroup.procs"), "utf8").split("\n")) {
      if (pid === "") continue;
      try {
        writeFileSync(path.join(previous, "cgroup.procs"), pid);
      } catch {}
    }
    try {
      rmdirSync(group);
      return;
    } catch (caught) {
      if (attempt >= 50) throw caught;
      await sleep(20);
    }
  }
}

/** This process's pids group, relative to the mount; null without a v1 pids hierarchy. */
function ownPidsGroup(): string | null {
  try {
    readFileSync(path.join(PIDS_MOUNT, "cgroup.procs"), "utf8");
  } catch {
    return null;
  }
  const line = readFileSync("/proc/self/cgroup", "utf8")
    .split("\n")
    .find((entry) => entry.split(":")[1]?.split(",").includes("pids"));
  return line === undefined ? null : line.split(":").slice(2).join(":");
}
