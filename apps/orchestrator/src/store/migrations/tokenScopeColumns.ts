import type { Kysely } from "kysely";

/**
 * A token's scope: none (an operator's, everything), a guild (guild_id), or one agent (agent_id, and
 * its guild). Deleting the guild or the agent deletes its tokens. SQLite adds one column per statement.
 */
export async function addTokenScopeColumns(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operator_token")
    .addColumn("guild_id", "text", (column) => column.references("guild.id").onDelete("cascade"))
    .execute();
  await db.schema
    .alterTable("operator_token")
    .addColumn("agent_id", "text", (column) => column.references("agent.id").onDelete("cascade"))
    .execute();
}
