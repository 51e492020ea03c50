import type { Kysely } from "kysely";

/**
 * Each agent's own machine limits, null for the default (machines/machineLimits.ts). Sizes in bytes
 * pass 2^31, so bigint; CPUs may be a fraction (0.5), so double precision (REAL in SQLite).
 * SQLite adds one column per statement.
 */
export async function addAgentLimitColumns(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ["limit_pids", "integer"],
    ["limit_memory_bytes", "bigint"],
    ["limit_cpus", "double precision"],
    ["limit_disk_bytes", "bigint"],
  ] as const) {
    await db.schema.alterTable("agent").addColumn(column, type).execute();
  }
}
