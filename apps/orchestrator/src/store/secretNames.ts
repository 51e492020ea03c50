import type { Kysely } from "kysely";
import type { Database } from "./database.ts";

/** The names of an agent's own secrets, or of a guild's (not its agents' nor its repositories'). */
export async function secretNames(
  db: Kysely<Database>,
  owner: { agentId: string } | { guildId: string },
): Promise<string[]> {
  const [scope, ownerId] = "agentId" in owner ? ["agent", owner.agentId] : ["guild", owner.guildId];
  const rows = await db
    .selectFrom("secret")
    .select("name")
    .where("scope", "=", scope)
    .where("owner_id", "=", ownerId)
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}
