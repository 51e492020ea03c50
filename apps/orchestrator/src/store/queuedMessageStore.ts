import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { compiledOnce } from "./compiledOnce.ts";
import type { Database, QueuedMessageTable } from "./database.ts";
import { newId } from "./ids.ts";
import { inTransaction } from "./transaction.ts";

/** An operator message sent while its run worked, waiting for the run's next generation. */
export interface QueuedMessage {
  id: string;
  runId: string;
  /** Redacted when it was queued. */
  text: string;
  createdAt: string;
}

export type QueuedMessageStore = ReturnType<typeof createQueuedMessageStore>;

export function createQueuedMessageStore(db: Kysely<Database>) {
  return {
    async enqueue(runId: string, text: string): Promise<QueuedMessage> {
      const row: Selectable<QueuedMessageTable> = {
        id: newId("qmsg"),
        run_id: runId,
        text,
        created_at: timestamp(),
      };
      await db.insertInto("queued_message").values(row).execute();
      return toQueuedMessage(row);
    },

    /** The run's queued messages in the order they were sent. */
    async list(runId: string): Promise<QueuedMessage[]> {
      return (await queuedRows(db, runId)).map(toQueuedMessage);
    },

    /**
     * Removes and returns the run's queued messages, in order: in the caller's transaction, a message
     * leaves the queue only if what it becomes (the run's operator message) commits with it.
     */
    async take(runId: string): Promise<QueuedMessage[]> {
      return inTransaction(db, async (transaction) => {
        const rows = await queuedRows(transaction, runId);
        if (rows.length === 0) return [];
        await transaction
          .deleteFrom("queued_message")
          .where(
            "id",
            "in",
            rows.map((row) => row.id),
          )
          .execute();
        return rows.map(toQueuedMessage);
      });
    },
  };
}

/** Ids sort by creation: the order the messages were sent. */
async function queuedRows(db: Kysely<Database>, runId: string): Promise<Selectable<QueuedMessageTable>[]> {
  return (await selectQueued(db, { runId })).rows;
}

const selectQueued = compiledOnce((db, p: { runId: string }) =>
  db.selectFrom("queued_message").selectAll().where("run_id", "=", p.runId).orderBy("id"),
);

function toQueuedMessage(row: Selectable<QueuedMessageTable>): QueuedMessage {
  return { id: row.id, runId: row.run_id, text: row.text, createdAt: row.created_at };
}
