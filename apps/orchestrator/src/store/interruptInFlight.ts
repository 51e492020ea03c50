import type { Kysely } from "kysely";
import { timestamp } from "./clock.ts";
import type { Database } from "./database.ts";
import { type Run, toRun } from "./runStore.ts";
import { type ToolCall, toToolCall } from "./toolCallStore.ts";
import { inTransaction } from "./transaction.ts";

/** What a restart found cut short. */
export interface InterruptedWork {
  runs: Run[];
  /** With their arguments and metadata: a code_task among them still needs stop on its machine. */
  toolCalls: ToolCall[];
  generations: number;
}

/**
 * Crash recovery, at start before anything runs: every run still running, generation still
 * running and tool call pending or running was cut short by the stop of the server that ran it.
 * All are marked interrupted with `reason`, in one transaction. A call's duration stays unknown:
 * when it really stopped is lost with the server.
 */
export async function markInFlightInterrupted(
  db: Kysely<Database>,
  reason: string,
): Promise<InterruptedWork> {
  return inTransaction(db, async (transaction) => {
    const now = timestamp();
    const runRows = await transaction
      .updateTable("run")
      .set({ status: "interrupted", status_reason: reason, updated_at: now, ended_at: now })
      .where("status", "=", "running")
      .returningAll()
      .execute();
    const generations = await transaction
      .updateTable("generation")
      .set({ status: "interrupted", error: reason, ended_at: now })
      .where("status", "=", "running")
      .executeTakeFirst();
    const callRows = await transaction
      .updateTable("tool_call")
      .set({ status: "interrupted", error: reason, ended_at: now })
      .where("status", "in", ["pending", "running"])
      .returningAll()
      .execute();
    return {
      runs: runRows.map(toRun),
      toolCalls: callRows.map(toToolCall),
      generations: Number(generations.numUpdatedRows),
    };
  });
}
