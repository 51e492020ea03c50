import { AppError, isAppError } from "../errors.ts";

/** The code of a write refused because the store's disk is full. */
export const STORAGE_FULL = "storage.full";

/** 507 Insufficient Storage: the server cannot store what the request needs. */
const INSUFFICIENT_STORAGE = 507;

const DATA_FOLDER_FULL =
  "The data folder's disk is full, so nothing can be stored (reading still works): free space on the disk that holds GUILDS_HOME (the database's folder), then retry.";
const DATABASE_SERVER_FULL =
  "The PostgreSQL server's disk is full (SQLSTATE 53100), so nothing can be stored (reading still works): free space on the database server's disk, then retry.";

/** A write that failed for want of space in the data folder (SQLite). */
export function dataFolderFull(cause: unknown): AppError {
  return new AppError(STORAGE_FULL, DATA_FOLDER_FULL, { status: INSUFFICIENT_STORAGE, cause });
}

export function isStorageFull(error: unknown): error is AppError {
  return isAppError(error) && error.code === STORAGE_FULL;
}

/**
 * The storage.full error a driver's error stands for, else undefined: SQLite's SQLITE_FULL (the
 * SQLite connection already translates it, see sqliteDatabase.ts), PostgreSQL's SQLSTATE 53100
 * disk_full.
 */
export function asStorageFull(error: unknown): AppError | undefined {
  if (isStorageFull(error)) return error;
  if (!(error instanceof Error) || !("code" in error)) return undefined;
  switch (error.code) {
    case "SQLITE_FULL":
      return dataFolderFull(error);
    case "53100":
      return new AppError(STORAGE_FULL, DATABASE_SERVER_FULL, { status: INSUFFICIENT_STORAGE, cause: error });
    default:
      return undefined;
  }
}
