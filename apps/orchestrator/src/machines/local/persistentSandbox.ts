import { randomUUID } from "node:crypto";
import path from "node:path";
import { backgroundRecordsFolder } from "@guilds/protocol/backgroundRecords";
import { MachineError } from "../machine.ts";
import { type DaemonConnection, DaemonConnections } from "./daemonConnection.ts";
import { type OpenDaemonFolder, openDaemonFolder } from "./daemonFolder.ts";
import { daemonAnswers } from "./daemonGreeting.ts";
import type { DaemonLauncher } from "./daemonLauncher.ts";
import { launchDetached } from "./detachedLaunch.ts";
import { execThroughDaemon, holdThroughDaemon, writeFileThroughDaemon } from "./execClient.ts";
import {
  type MachineRecord,
  readMachineRecord,
  removeMachineRecord,
  writeMachineRecord,
} from "./machineRecord.ts";
import { isSameProcessRunning } from "./processLiveness.ts";
import { endRecordedMachine } from "./recordedMachineEnd.ts";
import { withRootLock } from "./rootLock.ts";
import { resetRuntimeFolder } from "./runtimeFolder.ts";
import type { SandboxBackend } from "./sandboxBackend.ts";

/** A machine running on the root that does not greet within this is replaced. */
const ADOPT_HELLO_TIMEOUT_MS = 5000;
const LOG_NAME = "machine.log";

/** The machine this process talks to: started here, or adopted. */
interface Current {
  record: MachineRecord;
  folder: OpenDaemonFolder;
  connections: DaemonConnections;
  /** Open while work is in flight here (keepAwake), so the daemon's idle stop waits. */
  hold: DaemonConnection | null;
}

export interface PersistentOptions {
  agentId: string;
  root: string;
  idleStopMs: number;
}

/**
 * A machine that outlives the process that started it. Its daemon runs detached and stops the
 * machine itself after idleStopMs with nothing in flight through any process. A start adopts the
 * machine its root's record names when that still runs and greets with the recorded boot id;
 * otherwise it ends what is left of it and starts a new one. Starts and stops of one root, from
 * any process, run one at a time.
 */
export function createPersistentSandbox(
  launcher: DaemonLauncher,
  options: PersistentOptions,
): SandboxBackend {
  const { folders } = launcher;
  const { root } = options;
  let current: Current | null = null;
  let held = false;

  const using = (): Current => {
    if (!current) throw new MachineError("machine.not_running", "the machine is not running");
    return current;
  };

  const syncHold = () => {
    if (!current) return;
    if (held && !current.hold) current.hold = holdThroughDaemon(current.connections);
    if (!held && current.hold) {
      current.hold.destroy();
      current.hold = null;
    }
  };

  /** Drops this process's connections; the machine itself is left as it is. */
  const letGo = () => {
    current?.hold?.destroy();
    current?.connections.close();
    current?.folder.close();
    current = null;
  };

  const isRunning = (record: MachineRecord) => isSameProcessRunning(record.pid, record.start_ticks);

  async function adopt(record: MachineRecord): Promise<Current | null> {
    if (record.sandbox !== launcher.mode || record.home !== folders.home.host || !isRunning(record))
      return null;
    let folder: OpenDaemonFolder;
    try {
      folder = openDaemonFolder(launcher.daemonFolder, record.boot);
    } catch {
      return null;
    }
    if (!(await daemonAnswers(folder.endpoint, ADOPT_HELLO_TIMEOUT_MS))) {
      folder.close();
      return null;
    }
    return { record, folder, connections: new DaemonConnections(folder.endpoint), hold: null };
  }

  async function end(record: MachineRecord): Promise<void> {
    await endRecordedMachine(record, backgroundRecordsFolder(folders.run.host, options.agentId));
    await launcher.release();
    await removeMachineRecord(root);
  }

  async function launch(): Promise<Current> {
    await resetRuntimeFolder(folders.run.host);
    await launcher.prepare();
    const boot = randomUUID();
    const flags = [
      "--idle-stop-ms",
      String(options.idleStopMs),
      "--background-records",
      launcher.backgroundRecordsInside,
    ];
    const command = await launcher.command(boot, flags, true);
    const folder = openDaemonFolder(launcher.daemonFolder, boot);
    let record: MachineRecord | null = null;
    try {
      const daemon = await launchDetached(command, folder.endpoint, path.join(root, LOG_NAME));
      record = {
        sandbox: launcher.mode,
        boot,
        pid: daemon.pid,
        start_ticks: daemon.startTicks,
        home: folders.home.host,
      };
      await launcher.secure();
      await writeMachineRecord(root, record);
      return { record, folder, connections: new DaemonConnections(folder.endpoint), hold: null };
    } catch (error) {
      folder.close();
      await (record ? end(record) : launcher.release()).catch(() => {});
      await resetRuntimeFolder(folders.run.host).catch(() => {});
      throw error;
    }
  }

  return {
    mode: launcher.mode,
    folders,
    binDir: launcher.binDir,
    searchPath: launcher.searchPath,
    machineVariables: launcher.machineVariables,
    stopsItselfWhenIdle: true,
    helperCommand: (name) => launcher.helperCommand(name),

    start: () =>
      withRootLock(root, async () => {
        letGo();
        const record = await readMachineRecord(root);
        let next = record ? await adopt(record) : null;
        if (!next) {
          if (record) await end(record);
          next = await launch();
        }
        current = next;
        syncHold();
      }),

    stop: () =>
      withRootLock(root, async () => {
        const mine = current;
        letGo();
        if (!mine) return;
        const record = await readMachineRecord(root);
        // Since this machine ended by itself, another process may have started the next one here.
        if (!record || record.boot !== mine.record.boot) return;
        await end(record);
        await resetRuntimeFolder(folders.run.host);
      }),

    alive: () => current !== null && isRunning(current.record),

    exec(request) {
      return execThroughDaemon(using().connections, {
        argv: request.argv,
        env: request.env,
        cwd: request.cwd,
        stdin: request.stdin ?? "ignore",
        longLived: request.longLived ?? false,
      });
    },

    writeFile(pathInside, data, mode) {
      return writeFileThroughDaemon(using().connections, pathInside, data, mode);
    },

    setHeld(value) {
      held = value;
      syncHold();
    },

    onUnexpectedEnd() {
      // Found when asked instead (alive()): the process that sees the end may not be this one.
    },
  };
}
