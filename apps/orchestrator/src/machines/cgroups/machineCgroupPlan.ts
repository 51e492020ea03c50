import { createHash } from "node:crypto";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { MACHINE_CGROUP_VARIABLE, machineCgroupValue } from "@guilds/protocol/machineCgroup";
import { DEFAULT_MACHINE_LIMITS, type MachineLimits } from "../machineLimits.ts";
import { type CgroupLayout, detectCgroupLayout } from "./cgroupLayout.ts";
import {
  type CgroupOwner,
  createMachineCgroup,
  type HostMachineCgroup,
  machineCgroupView,
  removeMachineCgroup,
} from "./hostMachineCgroup.ts";

/** How a machine's limits are set: the agent's (read at each start), or none at the operator's word. */
export interface CgroupSettings {
  /** Read at each start: a change takes effect at the machine's next start. Default DEFAULT_MACHINE_LIMITS. */
  limits?: () => MachineLimits;
  /** GUILDS_LIMITS=off: machines run without a cgroup of their own, and say so on every start. */
  limitsOff?: boolean;
}

/** The cgroup of one machine: made at each start, removed (with anything left in it) at its end. */
export interface MachineCgroupPlan {
  /** The limits this start gets. */
  limits(): MachineLimits;
  /** Makes the group with the current limits; null when limits are off. Throws when they cannot be set. */
  start(owner: CgroupOwner | null): Promise<HostMachineCgroup | null>;
  /**
   * Where the machine's processes find its folders: bound under /sys/fs/cgroup in a sandbox, as they
   * are on this host otherwise. None when limits are off.
   */
  binds(where: "sandbox" | "host"): { hostPath: string; inside: string }[];
  /** GUILDS_CGROUP for the machine's processes (binds' inside paths); empty when limits are off. */
  variable(where: "sandbox" | "host"): Record<string, string>;
  /** Kills what is left in the group and removes it (a no-op when there is none). */
  remove(): Promise<void>;
}

/** Where a sandboxed machine sees its own group, as a container does. */
const SANDBOX_CGROUP_ROOT = "/sys/fs/cgroup";

/**
 * `layout` is read anew each time (two small files): the machines' groups go under this process's
 * own group, which a test's safety group may have changed.
 */
export function machineCgroupPlan(
  agentId: string,
  root: string,
  settings: CgroupSettings,
  layout: () => CgroupLayout = detectCgroupLayout,
): MachineCgroupPlan {
  const name = machineCgroupName(agentId, root);
  const limits = () => settings.limits?.() ?? DEFAULT_MACHINE_LIMITS;
  const usable = (): Exclude<CgroupLayout, { version: null }> => {
    const found = layout();
    if (found.version === null) {
      throw new GuildsError(
        "machine.start_failed",
        `the sandbox could not start: its resource limits cannot be enforced here (${found.reason}); nothing ran. Run the server as root or in a delegated cgroup (a systemd unit with Delegate=yes), or set GUILDS_LIMITS=off to run machines without limits.`,
      );
    }
    return found;
  };
  return {
    limits,
    async start(owner) {
      if (settings.limitsOff) return null;
      return createMachineCgroup(usable(), name, limits(), owner);
    },
    binds(where) {
      const found = layout();
      if (settings.limitsOff || found.version === null) return [];
      const dirs = machineCgroupView(found, name).dirs;
      if (where === "host") return dirs.map((dir) => ({ hostPath: dir, inside: dir }));
      if (found.version === 2) return dirs.map((dir) => ({ hostPath: dir, inside: SANDBOX_CGROUP_ROOT }));
      return found.hierarchies.map((hierarchy, index) => ({
        hostPath: dirs[index] ?? "",
        inside: path.posix.join(SANDBOX_CGROUP_ROOT, path.basename(hierarchy.mount)),
      }));
    },
    variable(where): Record<string, string> {
      const found = layout();
      const binds = this.binds(where);
      if (found.version === null || binds.length === 0) return {};
      const value = machineCgroupValue({
        version: found.version,
        dirs: binds.map((bind) => bind.inside),
        ...(found.version === 1
          ? { controllers: found.hierarchies.map((hierarchy) => hierarchy.controllers) }
          : {}),
      });
      return { [MACHINE_CGROUP_VARIABLE]: value };
    },
    async remove() {
      const found = layout();
      if (found.version !== null) await removeMachineCgroup(found, name);
    },
  };
}

/** The agent id for the reader, and a digest of the machine's folder: two CLI homes never share one. */
export function machineCgroupName(agentId: string, root: string): string {
  const readable = agentId.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 60);
  const digest = createHash("sha256").update(path.resolve(root)).digest("hex").slice(0, 12);
  return `${readable}-${digest}`;
}
