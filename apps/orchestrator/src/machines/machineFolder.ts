import { existsSync } from "node:fs";
import { chmod, lstat, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { DAEMON_FOLDER } from "./local/daemon/daemonEndpoint.ts";

/** What became of a deleted agent's machine folder: its home (clones, run logs) and run/. */
export type MachineFolderOutcome =
  | { folder: string; state: "removed" | "absent" }
  | { folder: string; state: "kept"; reason: string };

/**
 * True while a machine runs on this root: every local machine makes run/.machine at its start, and
 * its stop leaves run/ empty. A server killed mid-run leaves it too, until it starts again.
 */
export function machineLooksUp(root: string): boolean {
  return existsSync(path.join(root, "run", DAEMON_FOLDER));
}

/** Removes the folder, its read-only subfolders (a Go module cache, say) included. */
export async function removeMachineFolder(root: string): Promise<MachineFolderOutcome> {
  if (!existsSync(root)) return { folder: root, state: "absent" };
  try {
    await rm(root, { recursive: true, force: true });
  } catch {
    try {
      await makeFoldersWritable(root);
      await rm(root, { recursive: true, force: true });
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      return { folder: root, state: "kept", reason: `it could not be removed (${reason})` };
    }
  }
  return { folder: root, state: "removed" };
}

/** For a process other than the server's (the CLI): the folder stays while a machine may run on it. */
export async function removeStoppedMachineFolder(root: string): Promise<MachineFolderOutcome> {
  if (machineLooksUp(root)) {
    return {
      folder: root,
      state: "kept",
      reason:
        "its machine looks up, held by the running server, which stops it once idle (after the agent's idle_stop_minutes); remove the folder after that",
    };
  }
  return removeMachineFolder(root);
}

async function makeFoldersWritable(folder: string): Promise<void> {
  const stats = await lstat(folder);
  if (!stats.isDirectory()) return;
  await chmod(folder, stats.mode | 0o700);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) await makeFoldersWritable(path.join(folder, entry.name));
  }
}
