import type { Kysely } from "kysely";
import type { Database } from "./database.ts";
import type { RunEndStatus } from "./runStore.ts";

/**
 * A run that ends leaves no generation or tool call running. Its loop ends each one itself, but a
 * write that failed on the way (the data folder's disk was full) can leave one behind, still
 * running: it ends with the run, in the run's status (a run that completed with work unfinished
 * leaves it interrupted), `reason` as its error.
 */
export async function endUnfinishedWork(
  db: Kysely<Database>,
  runId: string,
  outcome: { status: RunEndStatus; reason: string | null; at: string },
): Promise<void> {
  const status = outcome.status === "completed" ? "interrupted" : outcome.status;
  await db
    .updateTable("generation")
    .set({ status, error: outcome.reason, ended_at: outcome.at })
    .where("run_id", "=", runId)
    .where("status", "=", "running")
    .execute();
  await db
    .updateTable("tool_call")
    .set({ status, error: outcome.reason, ended_at: outcome.at })
    .where("run_id", "=", runId)
    .where("status", "in", ["pending", "running"])
    .execute();
}
