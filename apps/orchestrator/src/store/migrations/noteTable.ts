import { type Kysely, sql } from "kysely";

/**
 * The notes a guild keeps (notes, records, collections, scripts), one row each under its display
 * path. Deleting the guild deletes them. A collection alone has no content.
 */
export async function createNoteTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("note")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("guild_id", "text", (column) => column.notNull().references("guild.id").onDelete("cascade"))
    .addColumn("path", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("content", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addUniqueConstraint("note_path_per_guild", ["guild_id", "path"])
    .addCheckConstraint("note_content_unless_collection", sql`(kind = 'collection') = (content is null)`)
    .execute();
}
