import { chownSync, existsSync, mkdirSync, readdirSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { MachineCgroupView } from "@guilds/protocol/machineCgroup";
import { killCgroup, readPids, readQuietly, writeQuietly } from "@guilds/runtime/cgroupKill";
import { ChildCgroup } from "@guilds/runtime/childCgroup";
import type { MachineLimits } from "../machineLimits.ts";
import type { CgroupLayout } from "./cgroupLayout.ts";
import { limitWrites } from "./cgroupLimitFiles.ts";

/** Every machine's group is under this one, in the server's own group of each hierarchy. */
const MACHINES_GROUP = "guilds";
/** The machine's first process (bwrap, its daemon, the long-lived helpers) and what they start. */
export const INIT_GROUP = "init";
const V2_CONTROLLERS = ["pids", "memory", "cpu", "io"];
/** On v2, the leaf the server's own processes move to when its group must delegate controllers. */
const SERVER_GROUP = "server";

/** The owner the machine's folders go to, so that its helpers can make and use child groups. */
export interface CgroupOwner {
  uid: number;
  gid: number;
}

/** A machine's group on this host, its limits written; the server keeps the limit files its own. */
export interface HostMachineCgroup {
  /** The group as this host sees it. */
  readonly view: MachineCgroupView;
  /** Where the machine's first process is started (joinArgv). */
  readonly init: ChildCgroup;
  /** Limits this host has no file for (no swap accounting, no IO weight ...), each with its file. */
  readonly skipped: readonly string[];
  /** Kills every process in the group and its children, and removes them all. */
  remove(): Promise<void>;
}

/**
 * Makes (or takes over, emptied) the group `name` for one machine, writes its limits, and hands
 * the group's folder and process lists — never its limit files — to `owner`.
 */
export async function createMachineCgroup(
  layout: Exclude<CgroupLayout, { version: null }>,
  name: string,
  limits: MachineLimits,
  owner: CgroupOwner | null,
): Promise<HostMachineCgroup> {
  const placed = placeGroups(layout, name);
  const view = machineCgroupView(layout, name);
  // A group left by a machine that ended without its stop (a killed server) is emptied first.
  await killAndRemoveTree(view);
  const skipped: string[] = [];
  try {
    for (const group of placed) mkdirSync(group.dir, { recursive: true });
    if (layout.version === 2) enableForMachines(layout);
    for (const write of limitWrites(layout.version, limits)) {
      const group = placed.find((candidate) => candidate.controllers.includes(write.controller));
      const file = group === undefined ? null : path.join(group.dir, write.file);
      if (file === null || !existsSync(file)) {
        if (write.required)
          throw new Error(`${write.file} is not available (controller ${write.controller})`);
        skipped.push(write.file);
        continue;
      }
      try {
        writeFileSync(file, write.value);
      } catch (caught) {
        if (write.required) throw new Error(`cannot write ${write.value} to ${file}: ${errorText(caught)}`);
        skipped.push(write.file);
      }
    }
    if (layout.version === 2) enableControllers(view.dirs[0] ?? "", layout.controllers);
    const init = new ChildCgroup(view, INIT_GROUP).create();
    if (owner !== null) delegate(view, init, owner);
    return { view, init, skipped, remove: () => killAndRemoveTree(view) };
  } catch (caught) {
    await killAndRemoveTree(view).catch(() => {});
    throw new GuildsError(
      "machine.start_failed",
      `the machine's cgroup ${view.dirs[0]} could not be set up: ${errorText(caught)}`,
    );
  }
}

/** Where the group `name` is, whether or not it exists. */
export function machineCgroupView(
  layout: Exclude<CgroupLayout, { version: null }>,
  name: string,
): MachineCgroupView {
  const placed = placeGroups(layout, name);
  return {
    version: layout.version,
    dirs: placed.map((group) => group.dir),
    ...(layout.version === 1 ? { controllers: placed.map((group) => group.controllers) } : {}),
  };
}

/** Kills whatever is left in the group `name` and removes it; nothing when there is none. */
export function removeMachineCgroup(
  layout: Exclude<CgroupLayout, { version: null }>,
  name: string,
): Promise<void> {
  return killAndRemoveTree(machineCgroupView(layout, name));
}

interface PlacedGroup {
  dir: string;
  controllers: readonly string[];
}

function placeGroups(layout: Exclude<CgroupLayout, { version: null }>, name: string): PlacedGroup[] {
  if (layout.version === 2) {
    return [{ dir: path.join(layout.mount, layout.own, MACHINES_GROUP, name), controllers: V2_CONTROLLERS }];
  }
  return layout.hierarchies.map((hierarchy) => ({
    dir: path.join(hierarchy.mount, hierarchy.own, MACHINES_GROUP, name),
    controllers: hierarchy.controllers,
  }));
}

/**
 * v2 gives a child a controller's files only when its parent lists it in cgroup.subtree_control,
 * and a group that does may hold no process of its own. The server's own group may: its processes
 * move to a leaf of their own first (what a systemd unit with Delegate=yes expects of its service).
 */
function enableForMachines(layout: Extract<CgroupLayout, { version: 2 }>): void {
  const own = path.join(layout.mount, layout.own);
  try {
    enableControllers(own, layout.controllers);
  } catch (caught) {
    if (layout.own === "/") throw caught;
    const leaf = path.join(own, SERVER_GROUP);
    mkdirSync(leaf, { recursive: true });
    for (const pid of readPids(path.join(own, "cgroup.procs")))
      writeQuietly(path.join(leaf, "cgroup.procs"), String(pid));
    enableControllers(own, layout.controllers);
  }
  enableControllers(path.join(own, MACHINES_GROUP), layout.controllers);
}

function enableControllers(group: string, available: readonly string[]): void {
  const wanted = V2_CONTROLLERS.filter((name) => available.includes(name));
  const enabled = readQuietly(path.join(group, "cgroup.subtree_control")).split(/\s+/);
  const missing = wanted.filter((name) => !enabled.includes(name));
  if (missing.length === 0) return;
  try {
    writeFileSync(path.join(group, "cgroup.subtree_control"), missing.map((name) => `+${name}`).join(" "));
  } catch (caught) {
    throw new Error(
      `cannot enable ${missing.join(", ")} in ${group} (${errorText(caught)}): on cgroup v2 the server needs a delegated group, such as a systemd unit with Delegate=yes`,
    );
  }
}

/** The owner may make child groups and move its processes between them; the limits stay root's. */
function delegate(view: MachineCgroupView, init: ChildCgroup, owner: CgroupOwner): void {
  const files =
    view.version === 2
      ? ["cgroup.procs", "cgroup.threads", "cgroup.subtree_control"]
      : ["cgroup.procs", "tasks"];
  for (const dir of [...view.dirs, ...init.dirs]) {
    chownSync(dir, owner.uid, owner.gid);
    for (const file of files) {
      const target = path.join(dir, file);
      if (existsSync(target)) chownSync(target, owner.uid, owner.gid);
    }
  }
}

/** Every process in the machine's groups ends, then the groups go, deepest first. */
async function killAndRemoveTree(view: MachineCgroupView): Promise<void> {
  const present = view.dirs.filter((dir) => existsSync(dir));
  if (present.length === 0) return;
  await killCgroup(view.version, present, () => present.flatMap(treePids));
  for (const dir of present) removeTree(dir);
}

function treePids(dir: string): number[] {
  const pids = readPids(path.join(dir, "cgroup.procs"));
  for (const child of childDirs(dir)) pids.push(...treePids(child));
  return pids;
}

function removeTree(dir: string): void {
  for (const child of childDirs(dir)) removeTree(child);
  try {
    rmdirSync(dir);
  } catch {}
}

function childDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(dir, entry.name));
  } catch {
    return [];
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
