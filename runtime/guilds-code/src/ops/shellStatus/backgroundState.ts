import { existsSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { BACKGROUND_KILL_GRACE_MS } from "@guilds/protocol/limits";
import type { BackgroundState } from "@guilds/protocol/toolMeta";
import type { ChildCgroup } from "@guilds/runtime/childCgroup";
import { stopProcessGroup } from "@guilds/runtime/processGroupStop";
import { isProcessLive } from "@guilds/runtime/processTable";
import {
  type BackgroundRecord,
  noteEnded,
  readRecordedExit,
  stopFile,
} from "../../background/backgroundRecords.ts";

/** What a background command is doing now, and for how long it ran or has been running. */
export interface BackgroundStatus {
  record: BackgroundRecord;
  /** running, exited N, stopping (stop sent), stopped (ended after a stop), ended (no exit code). */
  state: BackgroundState;
  exitCode: number | null;
  elapsedMs: number;
}

/** A record still without a pid is being started; past this it never will be. */
const START_WINDOW_MS = 10_000;
const EXIT_POLL_MS = 25;
/** The wrapper writes the exit code right after the command ends. */
const EXIT_RECORD_WAIT_MS = 1_000;

export function observeBackground(
  folder: string,
  record: BackgroundRecord,
  now = Date.now(),
): BackgroundStatus {
  const startedAtMs = Date.parse(record.started_at);
  const stopAsked = existsSync(stopFile(folder, record.id));
  const exit = readRecordedExit(folder, record.id);
  if (exit) {
    const state = stopAsked ? "stopped" : "exited";
    return { record, state, exitCode: exit.code, elapsedMs: exit.endedAtMs - startedAtMs };
  }
  if (isAlive(record, now - startedAtMs)) {
    return {
      record,
      state: stopAsked ? "stopping" : "running",
      exitCode: null,
      elapsedMs: now - startedAtMs,
    };
  }
  const endedAtMs = noteEnded(folder, record.id, now);
  return {
    record,
    state: stopAsked ? "stopped" : "ended",
    exitCode: null,
    elapsedMs: endedAtMs - startedAtMs,
  };
}

function isAlive(record: BackgroundRecord, ageMs: number): boolean {
  if (record.pid === null) return ageMs < START_WINDOW_MS;
  if (isProcessLive(record.pid, record.start_ticks ?? undefined)) return true;
  // The command has just ended and its wrapper is about to record the exit code.
  return (
    record.wrapper_pid !== null && isProcessLive(record.wrapper_pid, record.wrapper_start_ticks ?? undefined)
  );
}

/**
 * "stop on a running command sends SIGTERM to its process group, then SIGKILL five seconds later."
 * Waits for the end (at most the grace and a moment) so the answer reports the final state.
 */
export async function stopBackground(
  folder: string,
  record: BackgroundRecord,
  cgroup: ChildCgroup | null,
): Promise<BackgroundStatus> {
  const before = observeBackground(folder, record);
  if (before.state !== "running" || record.pid === null) return before;
  writeFileSync(stopFile(folder, record.id), `${new Date().toISOString()}\n`);
  await stopProcessGroup(record.pid, BACKGROUND_KILL_GRACE_MS);
  await exitRecorded(folder, record);
  // What left the command's process group (setsid, a double fork) ends with its cgroup.
  await cgroup?.kill();
  cgroup?.removeIfEmpty();
  return observeBackground(folder, record);
}

async function exitRecorded(folder: string, record: BackgroundRecord): Promise<void> {
  const deadline = Date.now() + EXIT_RECORD_WAIT_MS;
  while (Date.now() < deadline && observeBackground(folder, record).state === "stopping") {
    await sleep(EXIT_POLL_MS);
  }
}
