import path from "node:path";
import { backgroundRecordsFolder } from "@guilds/protocol/backgroundRecords";
import { afterEach, beforeEach } from "vitest";
import { probeBwrap } from "../../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import type { SandboxMode } from "../../../src/machines/local/localOptions.ts";
import {
  endRecordedMachine,
  readMachineRecord,
  removeMachineRecord,
} from "../../../src/machines/local/records/machineRecord.ts";
import { recordingLogger, tempRoot } from "../machineFixture.ts";

/** Unconfined always; bwrap where it runs here (else said once, and left out). */
export async function availableSandboxes(agentId: string): Promise<SandboxMode[]> {
  const probe = await probeBwrap(sandboxUser(agentId));
  if (!probe.usable) console.warn(`skipping the bwrap cases: ${probe.reason}`);
  return probe.usable ? ["bwrap", "unconfined"] : ["unconfined"];
}

/** Ends whatever persistent machine a failed test left running on this root. */
export async function endLeftoverMachine(root: string, agentId: string): Promise<void> {
  const record = await readMachineRecord(root);
  if (!record) return;
  await endRecordedMachine(record, backgroundRecordsFolder(path.join(root, "run"), agentId));
  await removeMachineRecord(root);
}

export interface PersistentRoot {
  /** The test's machine root. */
  readonly root: string;
  /** A persistent machine on the root, not started: another process's view of it is another object. */
  open(idleStopMs?: number): Promise<LocalMachine>;
}

/**
 * For each test of the describe block that calls this: a fresh root, and after the test its
 * machines stopped, whatever they left running on it ended, and the root removed.
 */
export function usePersistentRoot(agentId: string, sandbox: SandboxMode): PersistentRoot {
  let root = "";
  let remove = () => {};
  let machines: LocalMachine[] = [];
  beforeEach(() => {
    ({ root, remove } = tempRoot());
    machines = [];
  });
  afterEach(async () => {
    for (const machine of machines) await machine.stop().catch(() => {});
    await endLeftoverMachine(root, agentId);
    remove();
  });
  return {
    get root() {
      return root;
    },
    async open(idleStopMs) {
      const machine = await createLocalMachine({
        agentId,
        root,
        sandbox,
        persistent: true,
        idleStopMs,
        logger: recordingLogger(),
      });
      machines.push(machine);
      return machine;
    },
  };
}
