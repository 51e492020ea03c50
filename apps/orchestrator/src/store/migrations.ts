import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import { AppError } from "../errors.ts";
import type { Database } from "./database.ts";
import { createInitialSchema } from "./migrations/initialSchema.ts";

/** Every migration, by name; names sort in the order they run. Append, never edit or reorder. */
const MIGRATIONS: Record<string, Migration> = {
  "0001_initial": { up: createInitialSchema },
};

const inCodeMigrations: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/** Brings the schema up to date; running it again on an up-to-date database does nothing. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: inCodeMigrations });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
  throw new AppError(
    "store.migration_failed",
    `The database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}. ` +
      "Check that the database is reachable and that no other version of guilds migrated it.",
    { cause: error },
  );
}
