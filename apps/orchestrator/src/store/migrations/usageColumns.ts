import type { Kysely } from "kysely";

interface UsageSource {
  generation: {
    id: string;
    run_id: string;
    usage: string | null;
    input_tokens: number | null;
    output_tokens: number | null;
  };
  run: { id: string; input_tokens: number; output_tokens: number };
}

/**
 * Token usage and cost: each generation's counts and cost (null where the provider gave none or
 * the model had no price), the run's totals (its generations' and code tasks' summed, kept as they
 * end so a page of runs reads them without a sum), and the operator's prices (a model without a
 * row here takes the server's default). Counts are bigint: a long run's totals can pass 2^31.
 * The generations stored before keep the counts their usage JSON had (no cached count, no cost).
 * SQLite adds one column per statement.
 */
export async function addUsageColumns(db: Kysely<unknown>): Promise<void> {
  for (const column of ["input_tokens", "output_tokens", "cached_tokens"]) {
    await db.schema.alterTable("generation").addColumn(column, "bigint").execute();
  }
  await db.schema.alterTable("generation").addColumn("cost_usd", "double precision").execute();
  for (const column of ["input_tokens", "output_tokens", "cached_tokens"]) {
    await db.schema
      .alterTable("run")
      .addColumn(column, "bigint", (definition) => definition.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable("run").addColumn("cost_usd", "double precision").execute();
  await db.schema
    .createTable("model_price")
    .addColumn("model", "text", (column) => column.primaryKey())
    .addColumn("input_usd_per_million", "double precision", (column) => column.notNull())
    .addColumn("output_usd_per_million", "double precision", (column) => column.notNull())
    .addColumn("cached_input_usd_per_million", "double precision", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await keepStoredCounts(db as unknown as Kysely<UsageSource>);
}

async function keepStoredCounts(db: Kysely<UsageSource>): Promise<void> {
  const stored = await db
    .selectFrom("generation")
    .select(["id", "run_id", "usage"])
    .where("usage", "is not", null)
    .execute();
  for (const generation of stored) {
    const counts = countsOf(generation.usage);
    if (counts.input_tokens === null && counts.output_tokens === null) continue;
    await db.updateTable("generation").set(counts).where("id", "=", generation.id).execute();
    await db
      .updateTable("run")
      .set((update) => ({
        input_tokens: update("input_tokens", "+", counts.input_tokens ?? 0),
        output_tokens: update("output_tokens", "+", counts.output_tokens ?? 0),
      }))
      .where("id", "=", generation.run_id)
      .execute();
  }
}

/** The usage JSON stored before: { inputTokens, outputTokens }, each a number or null. */
function countsOf(usage: string | null): { input_tokens: number | null; output_tokens: number | null } {
  try {
    const parsed = JSON.parse(usage ?? "null") as { inputTokens?: unknown; outputTokens?: unknown } | null;
    return { input_tokens: tokenCount(parsed?.inputTokens), output_tokens: tokenCount(parsed?.outputTokens) };
  } catch {
    return { input_tokens: null, output_tokens: null };
  }
}

function tokenCount(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
