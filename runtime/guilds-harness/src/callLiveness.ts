import { groupHasLiveMembers, isProcessLive } from "@guilds/runtime/processTable";
import type { CallFiles } from "./callFiles.ts";
import { readExitRecord, readProcessGroup } from "./supervisorRecords.ts";
import type { TaskRecord } from "./taskRecord.ts";

/**
 * Whether the call's CLI is still running: no exit recorded, and a process of its group lives, or
 * its supervisor does (about to spawn the CLI, or to record its exit).
 */
export function cliRunning(files: CallFiles, record: TaskRecord): boolean {
  if (readExitRecord(files.exit)) return false;
  const group = readProcessGroup(files.pid);
  // The leader alive answers without a scan of /proc: every poll asks.
  if (group !== undefined && (isProcessLive(group) || groupHasLiveMembers(group))) return true;
  return supervisorLives(record);
}

export function supervisorLives(record: TaskRecord): boolean {
  return (
    record.supervisor_pid !== null &&
    isProcessLive(record.supervisor_pid, record.supervisor_start_ticks ?? undefined)
  );
}
