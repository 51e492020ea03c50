import { randomUUID } from "node:crypto";
import { closeSync, constants, openSync } from "node:fs";
import { chmod, chown, mkdir } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";
import { MachineError } from "../machine.ts";
import { type MachineView, machineBwrapArgs, SANDBOX_BIN_DIR, sandboxHostname } from "./bwrapArgs.ts";
import { INFO_FD, type LaunchedSandbox, launchSandbox } from "./bwrapLaunch.ts";
import { DaemonConnections } from "./daemonConnection.ts";
import { execThroughDaemon, writeFileThroughDaemon } from "./execClient.ts";
import { findBwrap, findRipgrep, HELPER_NAMES, helperBundle, requireHelperBundle } from "./hostTools.ts";
import { type MachineFolders, machineFolders } from "./machinePaths.ts";
import { waitForExit } from "./processGroups.ts";
import type { SandboxBackend } from "./sandboxBackend.ts";
import { writeSandboxIdentity } from "./sandboxIdentity.ts";
import { giveHomeTo, letUserReach, type SandboxUser } from "./sandboxUser.ts";

/** The daemon's folder in the runtime dir, and its socket. */
const DAEMON_FOLDER = ".machine";
const SOCKET_NAME = "exec.sock";
/** After its stdin closes the daemon exits at once; past this, bwrap is killed. */
const STOP_GRACE_MS = 2000;

interface RunningSandbox {
  launched: LaunchedSandbox;
  connections: DaemonConnections;
  folderFd: number;
  stopping: boolean;
}

/**
 * One long-lived bubblewrap sandbox per machine, its first process the guilds-machine daemon. Every
 * exec goes through the daemon, so background commands outlive the call that started them, and all
 * of them end with the sandbox (its own pid namespace dies with its pid 1).
 */
export function createBwrapSandbox(agentId: string, root: string, user: SandboxUser): SandboxBackend {
  const folders: MachineFolders = machineFolders(root, "sandbox");
  const daemonFolder = path.join(folders.run.host, DAEMON_FOLDER);
  const asRoot = user.launchPrefix.length > 0;
  let sandbox: RunningSandbox | null = null;
  let unexpectedEnd: (reason: string) => void = () => {};

  const connections = (): DaemonConnections => {
    if (!sandbox) throw new MachineError("machine.not_running", "the sandbox is not running");
    return sandbox.connections;
  };

  /** The view inside: the folders, the tools under /opt/guilds/bin, "agent" in /etc/passwd. */
  const view = async (): Promise<MachineView> => {
    const identity = await writeSandboxIdentity(daemonFolder, user);
    const tools = [
      { name: "node", hostPath: process.execPath },
      { name: "rg", hostPath: findRipgrep() },
      ...HELPER_NAMES.map((name) => ({ name, hostPath: helperBundle(name) })),
    ];
    return {
      hostname: sandboxHostname(agentId),
      homeHost: folders.home.host,
      runHost: folders.run.host,
      tools: tools.filter((tool): tool is { name: string; hostPath: string } => tool.hostPath !== null),
      overlays: [
        { hostPath: identity.passwd, inside: "/etc/passwd" },
        { hostPath: identity.group, inside: "/etc/group" },
      ],
      env: {
        HOME: folders.home.inside,
        PATH: `${SANDBOX_BIN_DIR}:/usr/local/bin:/usr/bin:/bin`,
        LANG: "C.UTF-8",
        USER: "agent",
        GUILDS_RUNTIME_DIR: folders.run.inside,
      },
    };
  };

  return {
    mode: "bwrap",
    folders,
    binDir: SANDBOX_BIN_DIR,
    helperCommand(name) {
      requireHelperBundle(name);
      return [`${SANDBOX_BIN_DIR}/node`, `${SANDBOX_BIN_DIR}/${name}`];
    },

    async start() {
      const bwrap = findBwrap();
      if (!bwrap) throw new Error("bwrap is not installed");
      requireHelperBundle("guilds-machine");
      await mkdir(daemonFolder, { mode: 0o700 });
      if (asRoot) {
        await letUserReach(user, root);
        await giveHomeTo(user, folders.home.host);
        await chown(folders.run.host, user.uid, user.gid);
        await chown(daemonFolder, user.uid, user.gid);
      }
      const boot = randomUUID();
      const socketInside = path.posix.join(SANDBOX_RUNTIME_DIR, DAEMON_FOLDER, SOCKET_NAME);
      const daemon = [`${SANDBOX_BIN_DIR}/node`, `${SANDBOX_BIN_DIR}/guilds-machine`, socketInside, boot];
      const argv = [...user.launchPrefix, bwrap, ...machineBwrapArgs(await view(), daemon, INFO_FD)];
      const launched = await launchSandbox(argv);
      // The folder is held open and its socket reached through /proc/self/fd: a short path whatever
      // the root, and the agent cannot swap the folder for a link once the machine runs.
      const folderFd = openSync(daemonFolder, constants.O_RDONLY | constants.O_DIRECTORY);
      const socketPath = `/proc/self/fd/${folderFd}/${SOCKET_NAME}`;
      const current: RunningSandbox = {
        launched,
        connections: new DaemonConnections({ socketPath, boot }),
        folderFd,
        stopping: false,
      };
      sandbox = current;
      launched.child.once("exit", (code, signal) => {
        current.connections.close();
        closeSync(current.folderFd);
        if (sandbox === current) sandbox = null;
        if (current.stopping) return;
        const detail = launched.stderrTail();
        unexpectedEnd(`bwrap exited with ${signal ?? `code ${code}`}${detail ? `: ${detail}` : ""}`);
      });
      // With the socket made, a root server takes the folder back: the agent cannot replace the
      // socket with a link to another socket of this host (the hello check guards either way).
      if (asRoot) {
        await chown(daemonFolder, 0, 0);
        await chmod(daemonFolder, 0o755);
      }
    },

    async stop() {
      const current = sandbox;
      if (!current) return;
      current.stopping = true;
      const { child, control, initPid } = current.launched;
      const exited = new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once("exit", () => resolve());
      });
      control.end();
      const inTime = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!inTime) child.kill("SIGKILL");
      await exited;
      if (initPid !== null) await waitForExit(initPid, STOP_GRACE_MS);
    },

    exec(options) {
      return execThroughDaemon(connections(), {
        argv: options.argv,
        env: options.env,
        cwd: options.cwd,
        stdin: options.stdin ?? "ignore",
      });
    },

    writeFile(pathInside, data, mode) {
      return writeFileThroughDaemon(connections(), pathInside, data, mode);
    },

    onUnexpectedEnd(listener) {
      unexpectedEnd = listener;
    },
  };
}
