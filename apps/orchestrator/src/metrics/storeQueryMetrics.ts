import type { LogEvent } from "kysely";
import { metricsRegistry } from "./metricsRegistry.ts";
import { countSecretTableUse } from "./secretTableUse.ts";
import { createTallyHistogram } from "./tallyHistogram.ts";

/** Tallied, not a prom-client Histogram: a tool call runs ~30 statements (bench/README.md, issue 18). */
const byStatement = createTallyHistogram({
  name: "guilds_store_query_duration_seconds",
  help: "The store's queries, by statement (select, insert, update, delete, other)",
  labelName: "statement",
  labelValues: ["select", "insert", "update", "delete", "other"],
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [metricsRegistry],
});

const byNode: Readonly<Record<string, (typeof byStatement)["select"]>> = {
  SelectQueryNode: byStatement.select,
  InsertQueryNode: byStatement.insert,
  UpdateQueryNode: byStatement.update,
  DeleteQueryNode: byStatement.delete,
};

/**
 * Kysely's `log` option: every query and failed query, with the time Kysely measured. It also counts
 * the statements on the secret table, for the server log's redactor (secretTableUse.ts).
 */
export function logQueryTime(event: LogEvent): void {
  (byNode[event.query.query.kind] ?? byStatement.other).observe(event.queryDurationMillis / 1000);
  countSecretTableUse(event.query.sql);
}
