import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { GuildsError } from "@guilds/protocol/guildsError";
import { waitForExitOrKill } from "@guilds/runtime/processGroupStop";
import type { MachineBackend } from "../../lifecycle/machineBackend.ts";
import { layoutOf } from "../../lifecycle/machineLayout.ts";
import { resetRuntimeFolder } from "../../lifecycle/machinePaths.ts";
import { DaemonConnections } from "../daemon/daemonConnection.ts";
import { type OpenDaemonFolder, openDaemonFolder } from "../daemon/daemonEndpoint.ts";
import { execThroughDaemon, writeFileThroughDaemon } from "../daemon/daemonExec.ts";
import type { DaemonCommand, DaemonSetup } from "../daemon/daemonSetup.ts";
import { startTiedDaemon, type TiedDaemon } from "../daemon/tiedDaemonStart.ts";

/** After its stdin closes the daemon exits at once; past this, bwrap is killed. */
const STOP_GRACE_MS = 2000;

interface RunningSandbox {
  launched: TiedDaemon;
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
export function createTiedBwrapBackend(daemonSetup: DaemonSetup): MachineBackend {
  const { folders } = daemonSetup;
  let sandbox: RunningSandbox | null = null;
  let unexpectedEnd: (reason: string) => void = () => {};
  /** The next start's part that needs nothing in the home, once begun (prepareBesideHome). */
  let prepared: Promise<{ boot: string; command: DaemonCommand }> | null = null;

  const prepareBesideHome = () => {
    prepared ??= (async () => {
      await resetRuntimeFolder(folders.run.host);
      await daemonSetup.prepare();
      const boot = randomUUID();
      return { boot, command: await daemonSetup.command(boot, [], false) };
    })();
    return prepared;
  };

  const connections = (): DaemonConnections => {
    if (!sandbox) throw new GuildsError("machine.not_running", "the sandbox is not running");
    return sandbox.connections;
  };

  return {
    ...layoutOf(daemonSetup),
    provider: "local",
    stopsItselfWhenIdle: false,

    prepareBesideHome: async () => {
      await prepareBesideHome();
    },

    async start() {
      const { boot, command } = await prepareBesideHome();
      prepared = null;
      await daemonSetup.claimHome();
      const launched = await startTiedDaemon(command.argv, command.seccompFilter ?? null).catch(
        async (error: unknown) => {
          await daemonSetup.release();
          throw error;
        },
      );
      const folder = openDaemonFolder(daemonSetup.daemonFolder, boot);
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
      await daemonSetup.secure();
    },

    async stop() {
      // A start that failed after its preparation: what it made is released below.
      await prepared?.catch(() => {});
      prepared = null;
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
      await daemonSetup.release();
      await resetRuntimeFolder(folders.run.host);
    },

    alive: () => sandbox !== null,

    exec: (options) => execThroughDaemon(connections(), options),

    writeFile: (pathInside, data, mode) => writeFileThroughDaemon(connections(), pathInside, data, mode),

    // The daemon of a machine tied to this process never stops by itself: nothing to hold.
    setHeld() {},

    onUnexpectedEnd(listener) {
      unexpectedEnd = listener;
    },
  };
}
