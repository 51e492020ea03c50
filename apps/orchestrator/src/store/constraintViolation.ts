import type { ErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";

/**
 * Which constraint a failed write broke, across both drivers: better-sqlite3 throws SqliteError with
 * codes such as SQLITE_CONSTRAINT_UNIQUE, pg throws DatabaseError with SQLSTATE 23505 / 23503.
 */
export type ConstraintKind = "unique" | "foreign_key";

export function constraintViolation(error: unknown): ConstraintKind | undefined {
  if (!(error instanceof Error) || !("code" in error)) return undefined;
  switch (error.code) {
    case "SQLITE_CONSTRAINT_UNIQUE":
    case "SQLITE_CONSTRAINT_PRIMARYKEY":
    case "23505":
      return "unique";
    case "SQLITE_CONSTRAINT_FOREIGNKEY":
    case "23503":
      return "foreign_key";
    default:
      return undefined;
  }
}

/** A unique violation becomes `code` (409) with `message`; anything else is rethrown as it is. */
export function rethrowAsConflict(error: unknown, code: ErrorCode, message: string): never {
  if (constraintViolation(error) !== "unique") throw error;
  throw new GuildsError(code, message, { cause: error });
}
