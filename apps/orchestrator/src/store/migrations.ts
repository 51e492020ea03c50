import { GuildsError } from "@guilds/protocol/guildsError";
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Database } from "./database.ts";
import { addAgentLimitColumns } from "./migrations/agentLimitColumns.ts";
import { createContextVersionTable } from "./migrations/contextVersionTable.ts";
import { createInitialSchema } from "./migrations/initialSchema.ts";
import { createNoteTable } from "./migrations/noteTable.ts";
import { createQueuedMessageTable } from "./migrations/queuedMessageTable.ts";
import { addRunTitleColumn } from "./migrations/runTitleColumn.ts";
import { createServerLeaseTable } from "./migrations/serverLeaseTable.ts";
import { addTokenScopeColumns } from "./migrations/tokenScopeColumns.ts";
import { addUsageColumns } from "./migrations/usageColumns.ts";

/** Every migration, by name; names sort in the order they run. Append, never edit or reorder. */
const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": { up: createInitialSchema },
  "0002_note": { up: createNoteTable },
  "0003_server_lease": { up: createServerLeaseTable },
  "0004_agent_limits": { up: addAgentLimitColumns },
  "0005_token_scope": { up: addTokenScopeColumns },
  "0006_run_title": { up: addRunTitleColumn },
  "0007_usage": { up: addUsageColumns },
  "0008_queued_messages": { up: createQueuedMessageTable },
  "0009_context_versions": { up: createContextVersionTable },
};

const inCodeMigrations: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/** Brings the schema up to date; running it again on an up-to-date database does nothing. */
export async function migrateToLatest(db: Kysely<Database>, dialect: "sqlite" | "postgres"): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: inCodeMigrations,
    // Kysely looks for its bookkeeping tables in every schema unless told which one: another
    // schema's kysely_migration (another app, another guilds) would pass for ours.
    migrationTableSchema: dialect === "postgres" ? await currentSchema(db) : undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === "Error")?.migrationName;
  throw new GuildsError(
    "store.migration_failed",
    `Migrating the database${failed ? ` (${failed})` : ""} failed: ${error instanceof Error ? error.message : String(error)}. ` +
      "Check that the database is reachable and that the user may create tables in it.",
    { cause: error },
  );
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (schema) return schema;
  throw new GuildsError(
    "store.no_schema",
    "PostgreSQL has no current schema to create the tables in: the search_path names no existing schema. " +
      "Create one, or fix the role's search_path.",
  );
}
