import { existsSync, readdirSync, readFileSync } from "node:fs";
import {
  type CgroupVersion,
  type MachineCgroupView,
  machineCgroupValue,
} from "@guilds/protocol/machineCgroup";
import { ChildCgroup } from "../src/childCgroup.ts";

/** The v1 hierarchies a test machine's group spans: pids first (its member list is read), as the server's. */
const V1_CONTROLLERS = ["pids", "memory", "freezer"];

/** A machine's cgroup made on this host for one test, as the server makes one for a machine. */
export interface TestMachineCgroup {
  view: MachineCgroupView;
  /** GUILDS_CGROUP for the helper. */
  variable: string;
  /** Kills what is left in it and in its child groups, and removes them all. */
  remove(): Promise<void>;
}

/** The mount points of this host's cgroup hierarchies of `version`, or why a test cannot make a group in them. */
export function cgroupRoots(version: CgroupVersion): MachineCgroupView | string {
  if (process.getuid?.() !== 0) return "not root: only root makes cgroups and moves processes between them";
  const mounts = readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => {
      const [mountFields = "", fsFields = ""] = line.split(" - ");
      const [fsType = "", , superOptions = ""] = fsFields.split(" ");
      return { point: mountFields.split(" ")[4] ?? "", fsType, options: superOptions.split(",") };
    });
  if (version === 2) {
    const unified = mounts.find((mount) => mount.fsType === "cgroup2");
    if (unified === undefined) return "no cgroup v2 hierarchy is mounted";
    return { version, dirs: [unified.point] };
  }
  const dirs = V1_CONTROLLERS.map(
    (controller) =>
      mounts.find((mount) => mount.fsType === "cgroup" && mount.options.includes(controller))?.point,
  );
  if (dirs.some((dir) => dir === undefined))
    return `no cgroup v1 hierarchy for each of ${V1_CONTROLLERS.join(", ")}`;
  return { version, dirs: dirs.filter((dir) => dir !== undefined) };
}

export function createTestMachineCgroup(roots: MachineCgroupView, name: string): TestMachineCgroup {
  const machine = new ChildCgroup(roots, name).create();
  if (roots.version === 2 && !existsSync(`${machine.dirs[0]}/cgroup.kill`)) {
    machine.removeIfEmpty();
    throw new Error("this kernel's cgroup v2 has no cgroup.kill (Linux 5.14 or later has)");
  }
  const view: MachineCgroupView = { version: roots.version, dirs: machine.dirs };
  return {
    view,
    variable: machineCgroupValue(view),
    async remove() {
      for (const child of childNames(view)) {
        const group = new ChildCgroup(view, child);
        await group.kill();
        group.removeIfEmpty();
      }
      await machine.kill();
      machine.removeIfEmpty();
    },
  };
}

function childNames(view: MachineCgroupView): string[] {
  const first = view.dirs[0];
  if (first === undefined || !existsSync(first)) return [];
  return readdirSync(first, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
