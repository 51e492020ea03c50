import type { Kysely } from "kysely";
import type { Database } from "./database.ts";

/**
 * The counter every write to an agent, a secret, a repository or a price bumps, whichever process
 * made it (triggers, see migrations/contextVersionTable.ts): equal counters, equal contents.
 */
export async function readContextVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("context_version")
    .select("value")
    .where("name", "=", "context")
    .executeTakeFirstOrThrow();
  return row.value;
}
