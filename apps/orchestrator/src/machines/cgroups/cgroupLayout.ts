import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The v1 controllers a machine's group uses; pids and memory are required, the others are used when there. */
export const V1_CONTROLLERS = ["pids", "memory", "cpu", "freezer", "blkio"] as const;
export type V1Controller = (typeof V1_CONTROLLERS)[number];
const REQUIRED: readonly V1Controller[] = ["pids", "memory"];

/** One v1 hierarchy: where it is mounted, which controllers it carries, and this process's group in it. */
export interface V1Hierarchy {
  readonly mount: string;
  readonly controllers: readonly V1Controller[];
  /** This process's group, as a path under the mount ("/" for the root). */
  readonly own: string;
}

/**
 * How this host lays out cgroups: v1 (one hierarchy per controller or set of controllers, as on
 * this project's CI machines), v2 (one unified tree, as on most current hosts), or neither usable.
 */
export type CgroupLayout =
  | { readonly version: 1; readonly hierarchies: readonly V1Hierarchy[] }
  | {
      readonly version: 2;
      readonly mount: string;
      readonly own: string;
      readonly controllers: readonly string[];
    }
  | { readonly version: null; readonly reason: string };

/**
 * Reads /proc/self/cgroup and /proc/self/mountinfo. A hybrid host (v1 controllers beside an empty
 * unified tree) is v1 when pids and memory are on v1; v2 when they are on the unified tree.
 */
export function detectCgroupLayout(
  procCgroup = readOrEmpty("/proc/self/cgroup"),
  mountInfo = readOrEmpty("/proc/self/mountinfo"),
): CgroupLayout {
  const groups = parseProcCgroup(procCgroup);
  const mounts = parseCgroupMounts(mountInfo);
  const hierarchies: V1Hierarchy[] = [];
  for (const [names, own] of groups.v1) {
    const controllers = V1_CONTROLLERS.filter((name) => names.includes(name));
    const mount = mounts.v1.find((candidate) => names.every((name) => candidate.options.includes(name)));
    if (controllers.length === 0 || mount === undefined) continue;
    hierarchies.push({ mount: mount.point, controllers, own: relativeOwn(own, mount.root) });
  }
  const onV1 = new Set<string>(hierarchies.flatMap((hierarchy) => hierarchy.controllers));
  if (REQUIRED.every((name) => onV1.has(name))) return { version: 1, hierarchies };

  const unified = mounts.v2[0];
  if (unified !== undefined && groups.v2 !== undefined) {
    const own = relativeOwn(groups.v2, unified.root);
    const controllers = readOrEmpty(path.join(unified.point, own, "cgroup.controllers"))
      .trim()
      .split(/\s+/);
    if (REQUIRED.every((name) => controllers.includes(name))) {
      return { version: 2, mount: unified.point, own, controllers };
    }
  }
  const missing = REQUIRED.filter((name) => !onV1.has(name));
  return {
    version: null,
    reason:
      mounts.v1.length === 0 && mounts.v2.length === 0
        ? "no cgroup filesystem is mounted"
        : `the ${missing.join(" and ")} controller${missing.length > 1 ? "s are" : " is"} not available to this process (not on a v1 hierarchy, and not delegated on the unified v2 tree)`,
  };
}

interface CgroupMount {
  point: string;
  /** The folder of the hierarchy this mount shows (a container sees a subtree). */
  root: string;
  options: string[];
}

function parseCgroupMounts(mountInfo: string): { v1: CgroupMount[]; v2: CgroupMount[] } {
  const v1: CgroupMount[] = [];
  const v2: CgroupMount[] = [];
  for (const line of mountInfo.split("\n")) {
    const [before, after] = line.split(" - ");
    if (before === undefined || after === undefined) continue;
    const fields = before.split(" ");
    const [fsType, , superOptions = ""] = after.split(" ");
    const root = unescapeMount(fields[3] ?? "/");
    const point = unescapeMount(fields[4] ?? "");
    if (fsType === "cgroup2") v2.push({ point, root, options: [] });
    else if (fsType === "cgroup") v1.push({ point, root, options: superOptions.split(",") });
  }
  return { v1, v2 };
}

/** v1: each hierarchy's controllers (named ones left out) with this process's group in it. */
function parseProcCgroup(text: string): { v1: Map<string[], string>; v2: string | undefined } {
  const v1 = new Map<string[], string>();
  let v2: string | undefined;
  for (const line of text.split("\n")) {
    const match = /^(\d+):([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    const [, , controllers = "", group = "/"] = match;
    if (controllers === "") v2 = group;
    else
      v1.set(
        controllers.split(",").filter((name) => !name.startsWith("name=")),
        group,
      );
  }
  return { v1, v2 };
}

/** The group as a path under a mount that shows the hierarchy from `root`. */
function relativeOwn(group: string, root: string): string {
  if (root === "/" || root === "") return group;
  if (group === root) return "/";
  return group.startsWith(`${root}/`) ? group.slice(root.length) : group;
}

function unescapeMount(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

function readOrEmpty(file: string): string {
  try {
    return existsSync(file) ? readFileSync(file, "utf8") : "";
  } catch {
    return "";
  }
}
