import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
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
