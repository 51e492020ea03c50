import type { Kysely } from "kysely";

/**
 * Operator messages sent while their run works, kept until the run's next generation takes them
 * (they survive a server restart). Deleting the run deletes them.
 */
export async function createQueuedMessageTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("queued_message")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("run_id", "text", (column) => column.notNull().references("run.id").onDelete("cascade"))
    .addColumn("text", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("queued_message_run").on("queued_message").column("run_id").execute();
}
