import type { LogEvent } from "kysely";
import { Histogram } from "prom-client";
import { countSecretTableUse } from "../logging/secretTableUse.ts";
import { metricsRegistry } from "./metricsRegistry.ts";

const queryTime = new Histogram({
  name: "guilds_store_query_duration_seconds",
  help: "The store's queries, by statement (select, insert, update, delete, other)",
  labelNames: ["statement"] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [metricsRegistry],
});

/** Bound once: a query's cost here is a lookup and an observation (thousands a second). */
const byNode: Record<string, ReturnType<typeof queryTime.labels>> = {
  SelectQueryNode: queryTime.labels("select"),
  InsertQueryNode: queryTime.labels("insert"),
  UpdateQueryNode: queryTime.labels("update"),
  DeleteQueryNode: queryTime.labels("delete"),
};
const other = queryTime.labels("other");

/**
 * Kysely's `log` option: every query and failed query, with the time Kysely measured. It also counts
 * the statements on the secret table, for the server log's redactor (logging/secretTableUse.ts).
 */
export function logQueryTime(event: LogEvent): void {
  (byNode[event.query.query.kind] ?? other).observe(event.queryDurationMillis / 1000);
  countSecretTableUse(event.query.sql);
}
