import { statfsSync } from "node:fs";
import { dataFolderFull } from "./storageFull.ts";

/**
 * Free space under which an I/O error of SQLite's counts as a full disk. A write that fails with
 * ENOSPC comes back as SQLITE_FULL on most paths but as SQLITE_IOERR_WRITE, _FSYNC, _TRUNCATE, ... on
 * others, and the error carries no errno: the folder's free space is what tells them apart.
 */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** SQLite's failure as storage.full when it is one (see storageFull.ts), else as it is. */
export function sqliteStorageError(error: unknown, folder: string): unknown {
  if (!(error instanceof Error) || !("code" in error) || typeof error.code !== "string") return error;
  if (error.code === "SQLITE_FULL") return dataFolderFull(error);
  if (error.code.startsWith("SQLITE_IOERR") && isNearlyFull(folder)) return dataFolderFull(error);
  return error;
}

function isNearlyFull(folder: string): boolean {
  try {
    const space = statfsSync(folder);
    return space.bavail * space.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}
