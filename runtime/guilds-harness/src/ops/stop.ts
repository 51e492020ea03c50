import { setTimeout as sleep } from "node:timers/promises";
import { StopArgs, type StopMeta } from "@guilds/protocol/harness";
import { HARNESS_KILL_GRACE_MS } from "@guilds/protocol/harnessLimits";
import { stopProcessGroup } from "@guilds/runtime/processGroupStop";
import { type CallFiles, filesOfCall } from "../callFiles.ts";
import { supervisorLives } from "../callLiveness.ts";
import { type HarnessOp, parseHarnessArgs } from "../harnessOp.ts";
import { readExitRecord, readProcessGroup } from "../supervisorRecords.ts";
import { endTaskCgroup } from "../taskCgroup.ts";
import { readTaskRecord, type TaskRecord } from "../taskRecord.ts";

const WAIT_POLL_MS = 25;
/** A supervisor just forked spawns the CLI within this; one that has not by then never will. */
const SPAWN_WAIT_MS = 5_000;
/** The supervisor records the exit right after the CLI ends. */
const EXIT_RECORD_WAIT_MS = 3_000;

/**
 * "SIGTERM to the CLI's process group, SIGKILL ten seconds later, then waits for the supervisor to
 * record the exit." Once the CLI's process group is gone, and before that wait, everything left in
 * the task's cgroup is killed; the supervisor is not in it, so it still records the exit. exited:
 * the exit is recorded; gone: there was no state to stop.
 */
export const stop: HarnessOp = async (raw, context) => {
  parseHarnessArgs("stop", StopArgs, raw);
  const files = filesOfCall(context);
  const record = readTaskRecord(files.record);
  if (!record) return answer({ exited: false, gone: true });
  if (!readExitRecord(files.exit)) {
    const group = await spawnedGroup(files, record);
    if (group !== undefined) await stopProcessGroup(group, HARNESS_KILL_GRACE_MS);
    // What left the CLI's process group (a command in a session of its own) is still in its cgroup.
    await endTaskCgroup(context);
    await waitUntil(
      () => readExitRecord(files.exit) !== undefined || !supervisorLives(record),
      EXIT_RECORD_WAIT_MS,
    );
  }
  return answer({ exited: readExitRecord(files.exit) !== undefined, gone: false });
};

function answer(meta: StopMeta) {
  const text = meta.gone ? "gone: no state for this call" : meta.exited ? "stopped" : "did not stop";
  return { text, meta: { ...meta } };
}

/** The CLI's group, once the supervisor has recorded it (or has ended without). */
async function spawnedGroup(files: CallFiles, record: TaskRecord): Promise<number | undefined> {
  await waitUntil(
    () =>
      readProcessGroup(files.pid) !== undefined ||
      readExitRecord(files.exit) !== undefined ||
      !supervisorLives(record),
    SPAWN_WAIT_MS,
  );
  return readProcessGroup(files.pid);
}

async function waitUntil(done: () => boolean, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (!done() && Date.now() < deadline) await sleep(WAIT_POLL_MS);
}
