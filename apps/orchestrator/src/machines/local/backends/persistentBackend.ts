import { randomUUID } from "node:crypto";
import path from "node:path";
import { backgroundRecordsFolder } from "@guilds/protocol/backgroundRecords";
import { GuildsError } from "@guilds/protocol/guildsError";
import { isProcessLive } from "@guilds/runtime/processTable";
import type { MachineBackend } from "../../lifecycle/machineBackend.ts";
import { layoutOf } from "../../lifecycle/machineLayout.ts";
import { resetRuntimeFolder } from "../../lifecycle/machinePaths.ts";
import { type DaemonConnection, DaemonConnections } from "../daemon/daemonConnection.ts";
import { daemonAnswers, type OpenDaemonFolder, openDaemonFolder } from "../daemon/daemonEndpoint.ts";
import { execThroughDaemon, holdThroughDaemon, writeFileThroughDaemon } from "../daemon/daemonExec.ts";
import type { DaemonSetup } from "../daemon/daemonSetup.ts";
import { startDetachedDaemon } from "../daemon/detachedDaemonStart.ts";
import {
  endRecordedMachine,
  type MachineRecord,
  readMachineRecord,
  removeMachineRecord,
  writeMachineRecord,
} from "../records/machineRecord.ts";
import { withRootLock } from "../records/rootLock.ts";

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

export interface PersistentBackendOptions {
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
export function createPersistentBackend(
  daemonSetup: DaemonSetup,
  options: PersistentBackendOptions,
): MachineBackend {
  const { folders } = daemonSetup;
  const { root } = options;
  let current: Current | null = null;
  let held = false;

  const using = (): Current => {
    if (!current) throw new GuildsError("machine.not_running", "the machine is not running");
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

  const isRunning = (record: MachineRecord) => isProcessLive(record.pid, record.start_ticks);

  async function adopt(record: MachineRecord): Promise<Current | null> {
    if (record.sandbox !== daemonSetup.mode || record.home !== folders.home.host || !isRunning(record))
      return null;
    let folder: OpenDaemonFolder;
    try {
      folder = openDaemonFolder(daemonSetup.daemonFolder, record.boot);
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
    await daemonSetup.release();
    await removeMachineRecord(root);
  }

  async function launch(): Promise<Current> {
    await resetRuntimeFolder(folders.run.host);
    await daemonSetup.prepare();
    await daemonSetup.claimHome();
    const boot = randomUUID();
    const flags = [
      "--idle-stop-ms",
      String(options.idleStopMs),
      "--background-records",
      daemonSetup.backgroundRecordsInside,
    ];
    const command = await daemonSetup.command(boot, flags, true);
    const folder = openDaemonFolder(daemonSetup.daemonFolder, boot);
    let record: MachineRecord | null = null;
    try {
      const daemon = await startDetachedDaemon(command, folder.endpoint, path.join(root, LOG_NAME));
      record = {
        sandbox: daemonSetup.mode,
        boot,
        pid: daemon.pid,
        start_ticks: daemon.startTicks,
        home: folders.home.host,
      };
      await daemonSetup.secure();
      await writeMachineRecord(root, record);
      return { record, folder, connections: new DaemonConnections(folder.endpoint), hold: null };
    } catch (error) {
      folder.close();
      await (record ? end(record) : daemonSetup.release()).catch(() => {});
      await resetRuntimeFolder(folders.run.host).catch(() => {});
      throw error;
    }
  }

  return {
    ...layoutOf(daemonSetup),
    provider: "local",
    stopsItselfWhenIdle: true,

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

    exec: (options) => execThroughDaemon(using().connections, options),

    writeFile: (pathInside, data, mode) =>
      writeFileThroughDaemon(using().connections, pathInside, data, mode),

    setHeld(value) {
      held = value;
      syncHold();
    },

    onUnexpectedEnd() {
      // Found when asked instead (alive()): the process that sees the end may not be this one.
    },
  };
}
