import path from "node:path";
import { backgroundRecordsFolder } from "@guilds/protocol/backgroundGroups";
import { probeBwrap } from "../../src/machines/local/bwrapProbe.ts";
import type { SandboxMode } from "../../src/machines/local/localOptions.ts";
import { readMachineRecord, removeMachineRecord } from "../../src/machines/local/machineRecord.ts";
import { endRecordedMachine } from "../../src/machines/local/recordedMachineEnd.ts";
import { sandboxUser } from "../../src/machines/local/sandboxUser.ts";

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
