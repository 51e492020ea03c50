import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { backgroundGroups } from "@guilds/runtime/backgroundGroups";
import { endGroups, STARTED_PROCESS_GRACE_MS, waitForExitOrKill } from "@guilds/runtime/processGroupStop";
import { isProcessLive } from "@guilds/runtime/processTable";
import { z } from "zod";

/**
 * What a persistent machine leaves on its root for the next process: which start it is and which
 * host process is it. It sits at the root, outside home/ and run/, where the agent cannot write.
 */
export const MachineRecord = z.object({
  sandbox: z.enum(["bwrap", "unconfined"]),
  /** The boot id the machine's daemon greets with. */
  boot: z.string().min(1),
  /**
   * The process whose end is the machine's end, as this host numbers it: the sandbox's pid 1
   * (bwrap), or the daemon itself (unconfined).
   */
  pid: z.number().int().gt(1),
  /** That process's start time (/proc/<pid>/stat): a reused pid is never taken for it. */
  start_ticks: z.number().int().nonnegative(),
  /** The agent home it runs with, on this host. */
  home: z.string(),
});
export type MachineRecord = z.infer<typeof MachineRecord>;

const RECORD_NAME = "machine.json";

export function machineRecordPath(root: string): string {
  return path.join(root, RECORD_NAME);
}

/** The record on this root, or null when there is none (or it cannot be read as one). */
export async function readMachineRecord(root: string): Promise<MachineRecord | null> {
  try {
    const parsed = MachineRecord.safeParse(JSON.parse(await readFile(machineRecordPath(root), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Written whole or not at all: a reader never sees half a record. */
export async function writeMachineRecord(root: string, record: MachineRecord): Promise<void> {
  const temporary = `${machineRecordPath(root)}.${randomBytes(4).toString("hex")}`;
  await writeFile(temporary, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  await rename(temporary, machineRecordPath(root));
}

export async function removeMachineRecord(root: string): Promise<void> {
  await rm(machineRecordPath(root), { force: true });
}

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
  const running = isProcessLive(record.pid, record.start_ticks);
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
