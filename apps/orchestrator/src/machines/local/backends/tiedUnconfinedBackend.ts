import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { backgroundRecordsFolder } from "@guilds/protocol/backgroundRecords";
import { backgroundGroups } from "@guilds/runtime/backgroundGroups";
import {
  endGroups,
  isGroupAlive,
  STARTED_PROCESS_GRACE_MS,
  signalGroup,
} from "@guilds/runtime/processGroupStop";
import { groupsMarkedBy, groupsWithDescendants } from "@guilds/runtime/processTree";
import type { HostMachineCgroup } from "../../cgroups/hostMachineCgroup.ts";
import type { CgroupSettings } from "../../cgroups/machineCgroupPlan.ts";
import type { MachineBackend } from "../../lifecycle/machineBackend.ts";
import { hostPathOf, resetRuntimeFolder } from "../../lifecycle/machinePaths.ts";
import type { ExecOptions, MachineProcess } from "../../machine.ts";
import { linkHostTools } from "../hostTools.ts";
import type { MachineExtras } from "../localOptions.ts";
import { spawnHostProcess } from "../unconfined/hostProcess.ts";
import { unconfinedLayout } from "../unconfined/unconfinedLayout.ts";

/**
 * Processes run straight on this host as the server's own user, children of this process: HOME and
 * GUILDS_RUNTIME_DIR point into the machine's folders, but nothing stops a command from reaching
 * anything else.
 */
export function createTiedUnconfinedBackend(
  agentId: string,
  root: string,
  homeDir?: string,
  extras: MachineExtras & CgroupSettings = {},
): MachineBackend {
  const { cgroups, ...layout } = unconfinedLayout(agentId, root, homeDir, extras);
  const { folders, binDir } = layout;
  /** Every process group started here; pruned when a group is found empty. */
  const groups = new Set<number>();
  /** Every process of the machine starts in its group's init. */
  let machineGroup: HostMachineCgroup | null = null;

  return {
    ...layout,
    provider: "local",
    stopsItselfWhenIdle: false,

    async start() {
      await resetRuntimeFolder(folders.run.host);
      await linkHostTools(binDir);
      machineGroup = await cgroups.start(null);
    },

    async stop() {
      // A helper's foreground command is a group (a session) of its own: found as a descendant of
      // what was started here while its helper lives, by the environment its shell gave it after.
      const marks = [`HOME=${folders.home.host}`, `GUILD_AGENT_ID=${agentId}`];
      const background = backgroundGroups(backgroundRecordsFolder(folders.run.host, agentId));
      const started = groupsWithDescendants(groups);
      // Every group gets TERM at once; a helper then stops its own foreground command, and is left
      // the time to (its grace is SHELL_KILL_GRACE_MS) before anything left gets KILL.
      await endGroups([...started, ...groupsMarkedBy(marks), ...background], STARTED_PROCESS_GRACE_MS);
      // What was forked meanwhile into a group of its own, its parent since ended.
      for (const pgid of groupsMarkedBy(marks)) signalGroup(pgid, "SIGKILL");
      groups.clear();
      machineGroup = null;
      await cgroups.remove();
      await resetRuntimeFolder(folders.run.host);
    },

    alive: () => true,

    exec(options: ExecOptions & { cwd: string }): MachineProcess {
      const argv =
        machineGroup === null ? options.argv : machineGroup.init.joinArgv(options.argv, options.env);
      const child = spawnHostProcess({ ...options, argv });
      const { pgid } = child;
      if (pgid !== null) {
        groups.add(pgid);
        child.exit.then(() => {
          if (!isGroupAlive(pgid)) groups.delete(pgid);
        });
      }
      return child;
    },

    async writeFile(pathInside, data, mode) {
      const target = hostPathOf(folders, pathInside);
      if (target === null) throw new Error(`not a path of this machine: ${pathInside}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data, { mode });
      await chmod(target, mode);
    },

    // Nothing here stops by itself: this process's idle stop is the only one.
    setHeld() {},

    onUnexpectedEnd() {
      // Nothing here can end by itself: there is no sandbox process.
    },
  };
}
