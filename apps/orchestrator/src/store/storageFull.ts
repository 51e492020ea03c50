import type { ErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError, isGuildsError } from "@guilds/protocol/guildsError";

/** The code of a write refused because the store's disk is full. */
export const STORAGE_FULL = "storage.full" satisfies ErrorCode;

const DATA_FOLDER_FULL =
  "The data folder's disk is full, so nothing can be stored (reading still works): free space on the disk that holds GUILDS_HOME (the database's folder), then retry.";
const DATABASE_SERVER_FULL =
  "The PostgreSQL server's disk is full (SQLSTATE 53100), so nothing can be stored (reading still works): free space on the database server's disk, then retry.";

/** A write that failed for want of space in the data folder (SQLite). */
export function dataFolderFull(cause: unknown): GuildsError {
  return new GuildsError(STORAGE_FULL, DATA_FOLDER_FULL, { cause });
}

export function isStorageFull(error: unknown): error is GuildsError {
  return isGuildsError(error) && error.code === STORAGE_FULL;
}

/**
 * The storage.full error a driver's error stands for, else undefined: SQLite's SQLITE_FULL (the
 * SQLite connection already translates it, see sqliteDatabase.ts), PostgreSQL's SQLSTATE 53100
 * disk_full.
 */
export function asStorageFull(error: unknown): GuildsError | undefined {
  if (isStorageFull(error)) return error;
  if (!(error instanceof Error) || !("code" in error)) return undefined;
  switch (error.code) {
    case "SQLITE_FULL":
      return dataFolderFull(error);
    case "53100":
      return new GuildsError(STORAGE_FULL, DATABASE_SERVER_FULL, { cause: error });
    default:
      return undefined;
  }
}
