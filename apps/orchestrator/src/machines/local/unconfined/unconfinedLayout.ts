import path from "node:path";
import {
  type CgroupSettings,
  type MachineCgroupPlan,
  machineCgroupPlan,
} from "../../cgroups/machineCgroupPlan.ts";
import type { MachineLayout } from "../../lifecycle/machineLayout.ts";
import { harnessBinOf, machineFolders, machineSearchPath } from "../../lifecycle/machinePaths.ts";
import { DAEMON_FOLDER } from "../daemon/daemonEndpoint.ts";
import { requireHelperBundle } from "../hostTools.ts";
import type { MachineExtras } from "../localOptions.ts";

export interface UnconfinedLayout extends MachineLayout {
  readonly mode: "unconfined";
  /** The group plan of the machine: its processes run in its cgroup ("host" view). */
  readonly cgroups: MachineCgroupPlan;
}

/**
 * An unconfined machine, with or without a daemon: its folders as they are on this host, its bin
 * folder (links to node, rg and the helpers, see linkHostTools) in the daemon's folder of run/, and
 * the helpers run by this host's node.
 */
export function unconfinedLayout(
  agentId: string,
  root: string,
  homeDir: string | undefined,
  extras: MachineExtras & CgroupSettings,
): UnconfinedLayout {
  const folders = machineFolders(root, "host", homeDir);
  const binDir = path.join(folders.run.host, DAEMON_FOLDER, "bin");
  const harnessBin = extras.harnessDir === undefined ? null : harnessBinOf(extras.harnessDir);
  const cgroups = machineCgroupPlan(agentId, root, extras);
  return {
    mode: "unconfined",
    folders,
    binDir,
    searchPath: machineSearchPath(binDir, folders.home.inside, harnessBin),
    machineVariables: cgroups.variable("host"),
    helperCommand: (name) => [process.execPath, requireHelperBundle(name)],
    cgroups,
  };
}
