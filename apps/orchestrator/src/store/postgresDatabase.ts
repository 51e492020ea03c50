import { Kysely, PostgresDialect } from "kysely";
import { Pool, types } from "pg";
import { logQueryTime } from "../metrics/storeQueryMetrics.ts";
import type { Database } from "./database.ts";

/** Enough for concurrent runs; each transaction holds one connection for its few statements. */
const POOL_SIZE = 10;
const CONNECT_TIMEOUT_MS = 10_000;

/** int8 (counters, event ids, count(*)) as a number rather than pg's default string. */
export const numericTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === types.builtins.INT8 ? (value: string) => Number(value) : types.getTypeParser(oid, format),
};

export function openPostgresDatabase(url: string): Kysely<Database> {
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: numericTypes,
  });
  // An idle connection the server drops (restart, failover) is replaced on the next query; without
  // a listener the pool's error event would end the process.
  pool.on("error", (error) => {
    process.stderr.write(`guilds: PostgreSQL connection lost: ${error.message}\n`);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: logQueryTime });
}
