import { type Kysely, PostgresAdapter, sql } from "kysely";

/** The tables a run's generation context (and a generation's price) is read from. */
const CONTEXT_TABLES = ["agent", "secret", "repository", "model_price"] as const;

/**
 * One counter bumped by a trigger on every write to the tables a run's context is read from, by any
 * process (the server, the CLI beside it): a run keeps its context while the counter stays, and
 * reads it again once it moved, instead of reading the agent, its secrets and repositories before
 * every generation.
 */
export async function createContextVersionTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("context_version")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "bigint", (column) => column.notNull())
    .execute();
  await sql`insert into context_version (name, value) values ('context', 0)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of CONTEXT_TABLES) {
    for (const change of ["insert", "update", "delete"]) {
      await sql
        .raw(
          `create trigger ${table}_${change}_context_version after ${change} on ${table} ` +
            "begin update context_version set value = value + 1 where name = 'context'; end",
        )
        .execute(db);
    }
  }
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bump_context_version() returns trigger language plpgsql as $$
    begin
      update context_version set value = value + 1 where name = 'context';
      return null;
    end
    $$`.execute(db);
  for (const table of CONTEXT_TABLES) {
    await sql
      .raw(
        `create trigger ${table}_context_version after insert or update or delete on ${table} ` +
          "for each statement execute function bump_context_version()",
      )
      .execute(db);
  }
}
