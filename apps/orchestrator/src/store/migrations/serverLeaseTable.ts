import type { Kysely } from "kysely";

/**
 * Which server holds the database: one row, name "server", held by one process at a time (see
 * serverLeaseStore.ts). A server that stops deletes it; one that dies leaves it to run out.
 */
export async function createServerLeaseTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("server_lease")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("holder", "text", (column) => column.notNull())
    .addColumn("host", "text", (column) => column.notNull())
    .addColumn("pid", "integer", (column) => column.notNull())
    .addColumn("process_start", "text")
    .addColumn("claimed_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .execute();
}
