import { existsSync } from "node:fs";
import { chmod, chown, mkdir } from "node:fs/promises";
import path from "node:path";
import { backgroundRecordsFolder } from "@guilds/protocol/backgroundRecords";
import { RUNS_FOLDER, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";
import type { HostMachineCgroup } from "../../cgroups/hostMachineCgroup.ts";
import { type CgroupSettings, machineCgroupPlan } from "../../cgroups/machineCgroupPlan.ts";
import {
  harnessBinOf,
  machineFolders,
  machineSearchPath,
  SANDBOX_HARNESS_DIR,
} from "../../lifecycle/machinePaths.ts";
import { DAEMON_FOLDER, DAEMON_SOCKET_NAME } from "../daemon/daemonEndpoint.ts";
import type { DaemonSetup } from "../daemon/daemonSetup.ts";
import { findBwrap, findRipgrep, HELPER_NAMES, helperBundle, requireHelperBundle } from "../hostTools.ts";
import type { MachineExtras } from "../localOptions.ts";
import {
  INFO_FD,
  type MachineView,
  machineBwrapArgs,
  SANDBOX_BIN_DIR,
  sandboxHostname,
} from "./bwrapArgs.ts";
import { requireUsableBwrap } from "./bwrapProbe.ts";
import { reachableToolPath } from "./reachableTools.ts";
import {
  giveFolderTo,
  giveHomeTo,
  letUserReach,
  type SandboxUser,
  writeSandboxIdentity,
} from "./sandboxUser.ts";
import { machineSeccompFilter, seccompArgs } from "./seccompFilter.ts";

/**
 * A machine under bubblewrap, its first process the guilds-machine daemon. Its own pid namespace
 * means everything in it, background commands included, ends with the sandbox's pid 1.
 */
export function createBwrapDaemonSetup(
  agentId: string,
  root: string,
  homeDir: string | undefined,
  user: SandboxUser,
  extras: MachineExtras & CgroupSettings = {},
): DaemonSetup {
  const folders = machineFolders(root, "sandbox", homeDir);
  const harnessDir = extras.harnessDir;
  const searchPath = machineSearchPath(
    SANDBOX_BIN_DIR,
    folders.home.inside,
    harnessDir === undefined ? null : harnessBinOf(SANDBOX_HARNESS_DIR),
  );
  const daemonFolder = path.join(folders.run.host, DAEMON_FOLDER);
  const asRoot = user.launchPrefix.length > 0;
  const cgroups = machineCgroupPlan(agentId, root, extras);
  /** The group of the machine being started: its first process joins it. */
  let started: HostMachineCgroup | null = null;

  /** The view inside: the folders, the tools under /opt/guilds/bin, "agent" in /etc/passwd. */
  const view = async (): Promise<MachineView> => {
    const identity = await writeSandboxIdentity(daemonFolder, user);
    const found = [
      { name: "node", hostPath: process.execPath },
      { name: "rg", hostPath: findRipgrep() },
      ...HELPER_NAMES.map((name) => ({ name, hostPath: helperBundle(name) })),
    ].filter((tool): tool is { name: string; hostPath: string } => tool.hostPath !== null);
    const toolsFolder = path.join(root, "tools");
    const tools = asRoot
      ? await Promise.all(
          found.map(async (tool) => ({
            name: tool.name,
            hostPath: await reachableToolPath(user, tool.hostPath, toolsFolder, tool.name),
          })),
        )
      : found;
    return {
      hostname: sandboxHostname(agentId),
      homeHost: folders.home.host,
      runHost: folders.run.host,
      tools,
      overlays: [
        { hostPath: identity.passwd, inside: "/etc/passwd" },
        { hostPath: identity.group, inside: "/etc/group" },
        ...(harnessDir !== undefined && existsSync(harnessDir)
          ? [{ hostPath: harnessDir, inside: SANDBOX_HARNESS_DIR }]
          : []),
      ],
      shareNetwork: extras.network === "host",
      tmpfsBytes: cgroups.limits().tmpfsBytes,
      cgroupBinds: cgroups.binds("sandbox"),
      env: {
        HOME: folders.home.inside,
        PATH: searchPath,
        LANG: "C.UTF-8",
        USER: "agent",
        GUILDS_RUNTIME_DIR: folders.run.inside,
        ...cgroups.variable("sandbox"),
      },
    };
  };

  return {
    mode: "bwrap",
    folders,
    binDir: SANDBOX_BIN_DIR,
    searchPath,
    machineVariables: cgroups.variable("sandbox"),
    daemonFolder,
    backgroundRecordsInside: backgroundRecordsFolder(folders.run.inside, agentId),
    helperCommand(name) {
      requireHelperBundle(name);
      return [`${SANDBOX_BIN_DIR}/node`, `${SANDBOX_BIN_DIR}/${name}`];
    },

    async prepare() {
      await requireUsableBwrap(user, extras.seccomp ?? "on");
      requireHelperBundle("guilds-machine");
      await mkdir(daemonFolder, { mode: 0o700 });
      started = await cgroups.start(asRoot ? { uid: user.uid, gid: user.gid } : null);
      if (!asRoot) return;
      await giveFolderTo(user, root);
      await letUserReach(user, root);
      await chown(folders.run.host, user.uid, user.gid);
      await chown(daemonFolder, user.uid, user.gid);
    },

    async claimHome() {
      if (!asRoot) return;
      await giveHomeTo(user, folders.home.host);
      await letUserReach(user, folders.home.host);
    },

    async command(boot, daemonFlags, persistent) {
      const bwrap = findBwrap();
      if (!bwrap) throw new Error("bwrap is not installed");
      const socketInside = path.posix.join(SANDBOX_RUNTIME_DIR, DAEMON_FOLDER, DAEMON_SOCKET_NAME);
      const daemon = [`${SANDBOX_BIN_DIR}/node`, `${SANDBOX_BIN_DIR}/guilds-machine`, socketInside, boot];
      const runs = ["--runs-folder", path.posix.join(folders.home.inside, RUNS_FOLDER)];
      const args = machineBwrapArgs(await view(), [...daemon, ...daemonFlags, ...runs], INFO_FD, persistent);
      const filter = extras.seccomp === "off" ? null : await machineSeccompFilter();
      const argv = [...user.launchPrefix, bwrap, ...seccompArgs(filter), ...args];
      return {
        argv: started === null ? argv : started.init.joinArgv(argv),
        reportsInitPid: true,
        seccompFilter: filter,
      };
    },

    release: () => cgroups.remove(),

    async secure() {
      // The agent cannot then replace the socket with a link to another socket of this host (the
      // hello check guards either way).
      if (!asRoot) return;
      await chown(daemonFolder, 0, 0);
      await chmod(daemonFolder, 0o755);
    },
  };
}
