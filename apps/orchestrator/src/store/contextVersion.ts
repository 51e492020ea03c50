import type { Kysely } from "kysely";
import { compiledOnce } from "./compiledOnce.ts";
import type { Database } from "./database.ts";

/**
 * The counter every write to an agent, a secret, a repository or a price bumps, whichever process
 * made it (triggers, see migrations/contextVersionTable.ts): equal counters, equal contents.
 */
export async function readContextVersion(db: Kysely<Database>): Promise<number> {
  const [row] = (await selectContextVersion(db, {})).rows;
  if (row === undefined) throw new Error("the context_version row is missing");
  return row.value;
}

const selectContextVersion = compiledOnce((db) =>
  db.selectFrom("context_version").select("value").where("name", "=", "context"),
);
