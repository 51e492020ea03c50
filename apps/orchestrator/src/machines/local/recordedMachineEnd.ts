import { backgroundGroups } from "@guilds/runtime/backgroundGroups";
import { endGroups, STARTED_PROCESS_GRACE_MS, waitForExitOrKill } from "@guilds/runtime/processGroupStop";
import type { MachineRecord } from "./machineRecord.ts";
import { isSameProcessRunning } from "./processLiveness.ts";

/** Once a sandbox's pid 1 is killed, the kernel ends everything inside; this long at most. */
const SANDBOX_END_WAIT_MS = 2000;
/**
 * An unconfined daemon ends what it started (TERM, then KILL STARTED_PROCESS_GRACE_MS later) before
 * it exits; past this it is killed.
 */
const DAEMON_END_WAIT_MS = STARTED_PROCESS_GRACE_MS + 2000;
/** TERM, then KILL this long after, for background commands a killed daemon left behind. */
const STOP_GRACE_MS = 2000;

/**
 * Ends a persistent machine started before, by this process or another, and everything in it. Its
 * recorded process is signalled only while it is still that process (same start time).
 * `hostBackgroundRecords` is the agent's background records folder on this host: an unconfined
 * machine's commands are host processes, and may outlive a daemon that was killed.
 */
export async function endRecordedMachine(
  record: MachineRecord,
  hostBackgroundRecords: string,
): Promise<void> {
  const running = isSameProcessRunning(record.pid, record.start_ticks);
  if (record.sandbox === "bwrap") {
    // The sandbox's pid 1: its pid namespace, background commands included, ends with it.
    if (!running) return;
    signal(record.pid, "SIGKILL");
    await waitForExitOrKill(record.pid, SANDBOX_END_WAIT_MS);
    return;
  }
  if (running) {
    signal(record.pid, "SIGTERM");
    await waitForExitOrKill(record.pid, DAEMON_END_WAIT_MS);
  }
  await endGroups(backgroundGroups(hostBackgroundRecords), STOP_GRACE_MS);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {}
}
