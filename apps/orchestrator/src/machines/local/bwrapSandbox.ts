import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { waitForExitOrKill } from "@guilds/runtime/processGroupStop";
import { MachineError } from "../machine.ts";
import { type LaunchedSandbox, launchSandbox } from "./bwrapLaunch.ts";
import { DaemonConnections } from "./daemonConnection.ts";
import { type OpenDaemonFolder, openDaemonFolder } from "./daemonFolder.ts";
import type { DaemonLauncher } from "./daemonLauncher.ts";
import { execThroughDaemon, writeFileThroughDaemon } from "./execClient.ts";
import { resetRuntimeFolder } from "./runtimeFolder.ts";
import type { SandboxBackend } from "./sandboxBackend.ts";

/** After its stdin closes the daemon exits at once; past this, bwrap is killed. */
const STOP_GRACE_MS = 2000;

interface RunningSandbox {
  launched: LaunchedSandbox;
  connections: DaemonConnections;
  folder: OpenDaemonFolder;
  stopping: boolean;
}

/**
 * One long-lived bubblewrap sandbox per machine, tied to this process: its daemon's stdin is a pipe
 * from here, and the machine ends when that closes (or this process dies). Every exec goes through
 * the daemon, so background commands outlive the call that started them, and all of them end with
 * the sandbox (its own pid namespace dies with its pid 1).
 */
export function createBwrapSandbox(launcher: DaemonLauncher): SandboxBackend {
  const { folders } = launcher;
  let sandbox: RunningSandbox | null = null;
  let unexpectedEnd: (reason: string) => void = () => {};

  const connections = (): DaemonConnections => {
    if (!sandbox) throw new MachineError("machine.not_running", "the sandbox is not running");
    return sandbox.connections;
  };

  return {
    mode: "bwrap",
    folders,
    binDir: launcher.binDir,
    searchPath: launcher.searchPath,
    machineVariables: launcher.machineVariables,
    stopsItselfWhenIdle: false,
    helperCommand: (name) => launcher.helperCommand(name),

    async start() {
      await resetRuntimeFolder(folders.run.host);
      await launcher.prepare();
      const boot = randomUUID();
      const command = await launcher.command(boot, [], false);
      const launched = await launchSandbox(command.argv, command.seccompFilter ?? null).catch(
        async (error: unknown) => {
          await launcher.release();
          throw error;
        },
      );
      const folder = openDaemonFolder(launcher.daemonFolder, boot);
      const current: RunningSandbox = {
        launched,
        connections: new DaemonConnections(folder.endpoint),
        folder,
        stopping: false,
      };
      sandbox = current;
      launched.child.once("exit", (code, signal) => {
        current.connections.close();
        current.folder.close();
        if (sandbox === current) sandbox = null;
        if (current.stopping) return;
        const detail = launched.stderrTail();
        unexpectedEnd(`bwrap exited with ${signal ?? `code ${code}`}${detail ? `: ${detail}` : ""}`);
      });
      await launcher.secure();
    },

    async stop() {
      const current = sandbox;
      if (current) {
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
        if (initPid !== null) await waitForExitOrKill(initPid, STOP_GRACE_MS);
      }
      await launcher.release();
      await resetRuntimeFolder(folders.run.host);
    },

    alive: () => sandbox !== null,

    exec(options) {
      return execThroughDaemon(connections(), {
        argv: options.argv,
        env: options.env,
        cwd: options.cwd,
        stdin: options.stdin ?? "ignore",
        longLived: options.longLived ?? false,
      });
    },

    writeFile(pathInside, data, mode) {
      return writeFileThroughDaemon(connections(), pathInside, data, mode);
    },

    // The daemon of a machine tied to this process never stops by itself: nothing to hold.
    setHeld() {},

    onUnexpectedEnd(listener) {
      unexpectedEnd = listener;
    },
  };
}
