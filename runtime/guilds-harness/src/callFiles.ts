import { chmodSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { HarnessContext } from "./context.ts";

/**
 * A call's state under /run/guilds/<agent id>/harness/ (mode 0700), gone with the machine:
 *   <call id>.json     what was started (TaskRecord), written by start
 *   <call id>.pid      the CLI's process group, written by the supervisor right after the spawn
 *   <call id>.exit     its exit code (128 + signal when a signal ended it), written by the supervisor
 *   <call id>.session  the session id, written by the first poll that sees it
 *   <call id>.stderr   the CLI's stderr (and the supervisor's, should it fail)
 *   <call id>.driver/  the driver's own files for this call (managed settings ...)
 */
export interface CallFiles {
  record: string;
  pid: string;
  exit: string;
  session: string;
  stderr: string;
  driverDir: string;
}

export function callFiles(stateDir: string, callId: string): CallFiles {
  const base = path.join(stateDir, callId);
  return {
    record: `${base}.json`,
    pid: `${base}.pid`,
    exit: `${base}.exit`,
    session: `${base}.session`,
    stderr: `${base}.stderr`,
    driverDir: `${base}.driver`,
  };
}

/** The state files of the call a supervisor serves, from the record file it was given. */
export function callFilesOfRecord(recordFile: string): CallFiles {
  return callFiles(path.dirname(recordFile), path.basename(recordFile, ".json"));
}

export function filesOfCall(context: HarnessContext): CallFiles {
  return callFiles(context.stateDir, context.request.call_id);
}

/** The state folder, private to the agent's user whatever the umask or an earlier mode. */
export function ensureStateDir(context: HarnessContext): void {
  mkdirSync(context.stateDir, { recursive: true, mode: 0o700 });
  chmodSync(context.stateDir, 0o700);
}

export function removeCallFiles(files: CallFiles): void {
  for (const file of [files.pid, files.exit, files.session, files.stderr, files.record]) {
    rmSync(file, { force: true });
  }
  rmSync(files.driverDir, { recursive: true, force: true });
}
