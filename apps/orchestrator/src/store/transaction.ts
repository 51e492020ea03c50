import type { Kysely } from "kysely";
import type { Database } from "./database.ts";

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one (Kysely refuses to
 * nest them), so a store function is atomic alone and composes into a larger transaction.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
