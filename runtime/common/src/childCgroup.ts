import { mkdirSync, readdirSync, rmdirSync, statSync } from "node:fs";
import path from "node:path";
import type { MachineCgroupView } from "@guilds/protocol/machineCgroup";
import { killCgroup, readPids, readQuietly } from "./cgroupKill.ts";

/** What a command's own group needs on v1: counting its processes, its OOM kills, and freezing it to kill. */
const CHILD_CONTROLLERS = ["pids", "memory", "freezer"];

/** The machine's folders a child group is made in (v1: only those of CHILD_CONTROLLERS, when known). */
function childParents(machine: MachineCgroupView): { dir: string; controllers: readonly string[] }[] {
  const all = machine.dirs.map((dir, index) => ({ dir, controllers: machine.controllers?.[index] ?? [] }));
  if (machine.version === 2 || machine.controllers === undefined) return all;
  return all.filter((entry) => entry.controllers.some((name) => CHILD_CONTROLLERS.includes(name)));
}

/** Which of the machine's limits a group's processes ran into. */
export interface LimitEvents {
  /** Processes of the group the OOM killer ended. */
  oomKills: number;
  /** Forks refused at the machine's process limit (counted on the machine, not the group). */
  forksRefused: number;
}

/** A child group of the machine (one foreground call, one background command, one code task). */
export class ChildCgroup {
  readonly dirs: readonly string[];
  /** The folder with each controller (v1), or the one folder (v2). */
  private readonly byController: (controller: string) => string | undefined;

  constructor(
    readonly machine: MachineCgroupView,
    readonly name: string,
  ) {
    const parents = childParents(machine);
    this.dirs = parents.map((parent) => path.join(parent.dir, name));
    this.byController = (controller) => {
      if (machine.version === 2 || machine.controllers === undefined) return undefined;
      const index = parents.findIndex((parent) => parent.controllers.includes(controller));
      return this.dirs[index];
    };
  }

  /** Makes the group's folders (kept as they are when they exist). */
  create(): this {
    for (const dir of this.dirs) mkdirSync(dir, { recursive: true });
    return this;
  }

  /**
   * The argv that joins this group before it runs `argv`: a shell moves itself into each folder
   * ("0" is the writer), then execs, so the command and all it forks start inside. `env` is the
   * environment the process is given.
   */
  joinArgv(argv: readonly string[], env: Readonly<Record<string, string>> = {}): string[] {
    // The shell exports PWD: a process given none must not get one from it.
    const script = "PWD" in env ? JOIN_SCRIPT : `unset PWD\n${JOIN_SCRIPT}`;
    return ["/bin/sh", "-c", script, "guilds-cgroup-join", ...this.joinFiles(), "--", ...argv];
  }

  /**
   * The files a process of one thread (a shell) writes "0" to, to move itself into the group. On v1,
   * each folder's `tasks`, which moves the writing thread alone: a write to cgroup.procs moves a
   * whole thread group under the kernel's global threadgroup lock, taken for writing, which waits
   * for an RCU grace period unless another move came just before (10-20 ms measured on Linux 6.18
   * for a move 20 ms or more after the last; ~0 with tasks). v2 has cgroup.procs only.
   */
  joinFiles(): string[] {
    const file = this.machine.version === 1 ? "tasks" : "cgroup.procs";
    return this.dirs.map((dir) => path.join(dir, file));
  }

  /** The pids in the group, as this process's pid namespace numbers them. */
  members(): number[] {
    const first = this.dirs[0];
    if (first === undefined) return [];
    return readPids(path.join(first, "cgroup.procs"));
  }

  /** Kills every process of the group, what left its session or process group included (killCgroup). */
  kill(): Promise<void> {
    return killCgroup(this.machine.version, this.dirs, () => this.members());
  }

  /** Removes the group when nothing is left in it; false when it still has members. */
  removeIfEmpty(): boolean {
    if (this.members().length > 0) return false;
    let removed = true;
    for (const dir of this.dirs) {
      try {
        rmdirSync(dir);
      } catch (caught) {
        if ((caught as NodeJS.ErrnoException).code !== "ENOENT") removed = false;
      }
    }
    return removed;
  }

  /** OOM kills of this group's processes; forks refused at the machine's process limit (counts only grow). */
  limitEvents(): LimitEvents {
    return {
      oomKills: oomKillsOf(this.machine, this.dirs, this.byController("memory")),
      forksRefused: forksRefusedOf(this.machine, this.dirs, this.byController("pids")),
    };
  }
}

/**
 * A group this young may be one another call has just made and not yet joined: it is left alone.
 * (A group folder's times are those of its creation.)
 */
export const SWEEP_MIN_AGE_MS = 10_000;

/** Child groups whose name starts with `prefix` and that nothing runs in any more are removed. */
export function removeEmptyChildren(machine: MachineCgroupView, prefix: string): void {
  const first = machine.dirs[0];
  if (first === undefined) return;
  const bornBefore = Date.now() - SWEEP_MIN_AGE_MS;
  let names: string[];
  try {
    names = readdirSync(first, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith(prefix))
      .map((entry) => entry.name)
      .filter((name) => bornAt(path.join(first, name)) < bornBefore);
  } catch {
    return;
  }
  for (const name of names) new ChildCgroup(machine, name).removeIfEmpty();
}

function bornAt(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Child groups (their names starting with one of `prefixes`) whose own processes had forks refused
 * at the machine's process limit and that still run: what a fork bomb leaves once its call ended.
 * Counted where the kernel counts per group: v1's pids.events, v2's pids.events.local (Linux 6.12+).
 */
export function runawayChildren(machine: MachineCgroupView, prefixes: readonly string[]): ChildCgroup[] {
  const first = machine.dirs[0];
  if (first === undefined) return [];
  const local = machine.version === 1 ? "pids.events" : "pids.events.local";
  let names: string[];
  try {
    names = readdirSync(first, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && prefixes.some((prefix) => entry.name.startsWith(prefix)))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
  return names
    .map((name) => new ChildCgroup(machine, name))
    .filter((group) => {
      const refused = group.dirs.reduce(
        (sum, dir) => sum + (keyedCount(readQuietly(path.join(dir, local)), "max") ?? 0),
        0,
      );
      return refused > 0 && group.members().length > 0;
    });
}

/** A group name from an id the agent cannot steer out of the machine's folder. */
export function childCgroupName(kind: "call" | "bg" | "task", id: string): string {
  return `${kind}-${id.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 120)}`;
}

/** The machine's memory limit in bytes, or null when it has none or it cannot be read. */
export function machineMemoryLimit(machine: MachineCgroupView): number | null {
  for (const dir of machine.dirs) {
    const file = machine.version === 2 ? "memory.max" : "memory.limit_in_bytes";
    const text = readQuietly(path.join(dir, file)).trim();
    if (text === "") continue;
    if (text === "max") return null;
    const bytes = Number(text);
    // v1 writes "no limit" as a page-rounded 2^63.
    return Number.isSafeInteger(bytes) ? bytes : null;
  }
  return null;
}

/** The machine's process limit, or null when it has none. */
export function machinePidsLimit(machine: MachineCgroupView): number | null {
  for (const dir of machine.dirs) {
    const text = readQuietly(path.join(dir, "pids.max")).trim();
    if (text === "") continue;
    return text === "max" ? null : Number(text);
  }
  return null;
}

/** Past this share of its process limit, the machine is looked at for runaways. */
const NEAR_PIDS_LIMIT = 0.9;

/** Whether the machine's processes are close to its limit (or the count cannot be read). */
export function nearPidsLimit(machine: MachineCgroupView): boolean {
  const limit = machinePidsLimit(machine);
  if (limit === null) return false;
  const pidsDir = machine.dirs[machine.controllers?.findIndex((names) => names.includes("pids")) ?? 0] ?? "";
  const current = Number(readQuietly(path.join(pidsDir, "pids.current")).trim());
  return !Number.isFinite(current) || current >= limit * NEAR_PIDS_LIMIT;
}

const JOIN_SCRIPT = `for file do
  [ "$file" = -- ] && break
  echo 0 > "$file" || exit 125
  shift
done
shift
exec "$@"`;

function oomKillsOf(
  machine: MachineCgroupView,
  dirs: readonly string[],
  memoryDir: string | undefined,
): number {
  for (const dir of memoryDir === undefined ? dirs : [memoryDir]) {
    const file = machine.version === 2 ? "memory.events" : "memory.oom_control";
    const count = keyedCount(readQuietly(path.join(dir, file)), "oom_kill");
    if (count !== null) return count;
  }
  return 0;
}

/**
 * Where a refused fork is counted differs: v1 counts it on the forking group, v2 on the group whose
 * limit was hit (the machine) and, since Linux 6.12, on the forking group's pids.events.local.
 */
function forksRefusedOf(
  machine: MachineCgroupView,
  dirs: readonly string[],
  pidsDir: string | undefined,
): number {
  if (pidsDir !== undefined) return keyedCount(readQuietly(path.join(pidsDir, "pids.events")), "max") ?? 0;
  const files = [
    ...dirs.flatMap((dir) => [path.join(dir, "pids.events"), path.join(dir, "pids.events.local")]),
    ...machine.dirs.map((dir) => path.join(dir, "pids.events")),
  ];
  return files.reduce((sum, file) => sum + (keyedCount(readQuietly(file), "max") ?? 0), 0);
}

/** "oom_kill 3" in a flat keyed file; null when the file or the key is not there. */
function keyedCount(text: string, key: string): number | null {
  const match = new RegExp(`^${key} (\\d+)$`, "m").exec(text);
  return match ? Number(match[1]) : null;
}
