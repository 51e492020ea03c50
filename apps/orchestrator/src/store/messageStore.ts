import { MessageRole } from "@guilds/protocol/runEvents";
import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { compiledOnce } from "./compiledOnce.ts";
import type { Database, MessageTable } from "./database.ts";
import { newId } from "./ids.ts";
import { fromJsonText, type JsonValue, toJsonText } from "./json.ts";
import { found } from "./notFound.ts";
import { storedEnum } from "./storedEnum.ts";
import { inTransaction } from "./transaction.ts";

/** One message of a run; `seq` is its place in the run (1, 2, 3, … with no gaps): "step N". */
export interface Message {
  id: string;
  runId: string;
  seq: number;
  role: MessageRole;
  content: JsonValue;
  createdAt: string;
}

export type MessageStore = ReturnType<typeof createMessageStore>;

export function createMessageStore(db: Kysely<Database>) {
  return {
    /**
     * Appends with the run's next seq. The counter on the run row is bumped first, in the same
     * transaction as the insert: the row lock (PostgreSQL) or the write lock (SQLite) orders
     * concurrent appends, and a failed insert rolls the counter back, so seqs never repeat or skip.
     */
    async append(runId: string, input: { role: MessageRole; content: JsonValue }): Promise<Message> {
      return inTransaction(db, async (transaction) => {
        const now = timestamp();
        const [counter] = (await nextMessageSeq(transaction, { runId, now })).rows;
        const row: Selectable<MessageTable> = {
          id: newId("msg"),
          run_id: runId,
          seq: found(counter, "run", runId).last_message_seq,
          role: input.role,
          content: toJsonText(input.content),
          created_at: now,
        };
        await insertMessage(transaction, row);
        return toMessage(row);
      });
    },

    async get(runId: string, seq: number): Promise<Message> {
      const row = await db
        .selectFrom("message")
        .selectAll()
        .where("run_id", "=", runId)
        .where("seq", "=", seq)
        .executeTakeFirst();
      return toMessage(found(row, "message", `${runId} step ${seq}`));
    },

    /** In seq order; `afterSeq` pages on. */
    async list(runId: string, page: { afterSeq?: number; limit?: number } = {}): Promise<Message[]> {
      if (page.afterSeq !== undefined && page.limit === undefined) {
        return (await messagesAfter(db, { runId, afterSeq: page.afterSeq })).rows.map(toMessage);
      }
      let query = db.selectFrom("message").selectAll().where("run_id", "=", runId).orderBy("seq");
      if (page.afterSeq !== undefined) query = query.where("seq", ">", page.afterSeq);
      if (page.limit !== undefined) query = query.limit(page.limit);
      return (await query.execute()).map(toMessage);
    },
  };
}

const nextMessageSeq = compiledOnce((db, p: { runId: string; now: string }) =>
  db
    .updateTable("run")
    .set((update) => ({ last_message_seq: update("last_message_seq", "+", 1), updated_at: p.now }))
    .where("id", "=", p.runId)
    .returning("last_message_seq"),
);

const insertMessage = compiledOnce((db, row: Selectable<MessageTable>) =>
  db.insertInto("message").values(row),
);

/** A generation's read of what came since the last one. */
const messagesAfter = compiledOnce((db, p: { runId: string; afterSeq: number }) =>
  db
    .selectFrom("message")
    .selectAll()
    .where("run_id", "=", p.runId)
    .where("seq", ">", p.afterSeq)
    .orderBy("seq"),
);

function toMessage(row: Selectable<MessageTable>): Message {
  return {
    id: row.id,
    runId: row.run_id,
    seq: row.seq,
    role: storedEnum(MessageRole.options, row.role, "message role"),
    content: fromJsonText(row.content, "message content"),
    createdAt: row.created_at,
  };
}
