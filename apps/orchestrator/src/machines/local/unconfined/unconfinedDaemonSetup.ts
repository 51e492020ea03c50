import { mkdir } from "node:fs/promises";
import path from "node:path";
import { backgroundRecordsFolder } from "@guilds/protocol/backgroundRecords";
import { RUNS_FOLDER } from "@guilds/protocol/runtimePaths";
import type { HostMachineCgroup } from "../../cgroups/hostMachineCgroup.ts";
import type { CgroupSettings } from "../../cgroups/machineCgroupPlan.ts";
import { DAEMON_FOLDER, DAEMON_SOCKET_NAME } from "../daemon/daemonEndpoint.ts";
import type { DaemonSetup } from "../daemon/daemonSetup.ts";
import { linkHostTools, requireHelperBundle } from "../hostTools.ts";
import type { MachineExtras } from "../localOptions.ts";
import { unconfinedLayout } from "./unconfinedLayout.ts";

/**
 * An unconfined machine that outlives the process that started it: the guilds-machine daemon runs
 * straight on this host, as this user, in a session of its own, and every process of the machine is
 * started through it, as under bwrap. With no pid namespace to end them, the daemon ends its
 * processes and the background commands of the agent's records itself when the machine stops.
 */
export function createUnconfinedDaemonSetup(
  agentId: string,
  root: string,
  homeDir: string | undefined,
  extras: MachineExtras & CgroupSettings = {},
): DaemonSetup {
  const { cgroups, ...layout } = unconfinedLayout(agentId, root, homeDir, extras);
  const { folders, binDir } = layout;
  const daemonFolder = path.join(folders.run.host, DAEMON_FOLDER);
  /** The group of the machine being started: its daemon joins it. */
  let started: HostMachineCgroup | null = null;

  return {
    ...layout,
    daemonFolder,
    backgroundRecordsInside: backgroundRecordsFolder(folders.run.host, agentId),

    async prepare() {
      requireHelperBundle("guilds-machine");
      await mkdir(daemonFolder, { mode: 0o700 });
      await linkHostTools(binDir);
      started = await cgroups.start(null);
    },

    // The home is this user's own already.
    async claimHome() {},

    async command(boot, daemonFlags) {
      const daemon = requireHelperBundle("guilds-machine");
      // The socket is named from the daemon's working directory: its absolute path could pass the
      // 107 bytes a unix socket's path may have.
      const runs = ["--runs-folder", path.join(folders.home.inside, RUNS_FOLDER)];
      const argv = [process.execPath, daemon, DAEMON_SOCKET_NAME, boot, ...daemonFlags, ...runs];
      return {
        argv: started === null ? argv : started.init.joinArgv(argv),
        cwd: daemonFolder,
        reportsInitPid: false,
      };
    },

    async secure() {},

    release: () => cgroups.remove(),
  };
}
