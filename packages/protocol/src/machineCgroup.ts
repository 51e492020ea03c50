/**
 * The machine's cgroup as its own processes see it, from GUILDS_CGROUP: "<version> <dir>[=<controllers>] ..."
 * (cgroup v1: one folder per hierarchy, each with the controllers it carries — pids, memory, cpu,
 * freezer, blkio —; v2: one folder). The
 * server made the folders, set the limits on them and handed them to the machine's user: a helper
 * inside may make child groups, move its own children into them and kill them, never raise a limit.
 */
export const MACHINE_CGROUP_VARIABLE = "GUILDS_CGROUP";

export type CgroupVersion = 1 | 2;

export interface MachineCgroupView {
  readonly version: CgroupVersion;
  /** The machine's group, one folder per v1 hierarchy or the one v2 folder. */
  readonly dirs: readonly string[];
  /** v1: the controllers of each folder, in the order of dirs; absent when not known. */
  readonly controllers?: readonly (readonly string[])[];
}

export function machineCgroupFromEnv(env: NodeJS.ProcessEnv): MachineCgroupView | null {
  const [version, ...entries] = (env[MACHINE_CGROUP_VARIABLE] ?? "").trim().split(/\s+/);
  if ((version !== "1" && version !== "2") || entries.length === 0 || entries[0] === "") return null;
  const split = entries.map((entry) => {
    const at = entry.lastIndexOf("=");
    return at === -1
      ? { dir: entry, controllers: [] }
      : { dir: entry.slice(0, at), controllers: entry.slice(at + 1).split(",") };
  });
  const known = split.every((entry) => entry.controllers.length > 0);
  return {
    version: version === "1" ? 1 : 2,
    dirs: split.map((entry) => entry.dir),
    ...(known ? { controllers: split.map((entry) => entry.controllers) } : {}),
  };
}

export function machineCgroupValue(view: MachineCgroupView): string {
  const entries = view.dirs.map((dir, index) => {
    const controllers = view.controllers?.[index];
    return controllers === undefined || controllers.length === 0 ? dir : `${dir}=${controllers.join(",")}`;
  });
  return [String(view.version), ...entries].join(" ");
}
