import { type Kysely, sql } from "kysely";
import type { Database } from "./database.ts";
import { inTransaction } from "./transaction.ts";

/**
 * Runs `work` under a savepoint of the transaction `db` is (or of one of its own): its writes are
 * kept if it resolves, and rolled back alone, the rest of the transaction kept, if it throws; the
 * error is thrown again.
 */
export function underSavepoint<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  return inTransaction(db, async (transaction) => {
    await sql`savepoint work`.execute(transaction);
    let value: T;
    try {
      value = await work();
    } catch (error) {
      try {
        await sql`rollback to savepoint work`.execute(transaction);
        await sql`release savepoint work`.execute(transaction);
      } catch {
        // SQLite rolls a whole transaction back by itself on some errors (SQLITE_FULL, ...): there is
        // no savepoint left, and nothing more may run as if in the transaction.
        throw new TransactionLost(error);
      }
      throw error;
    }
    await sql`release savepoint work`.execute(transaction);
    return value;
  });
}

/** The transaction a savepoint was in is gone (rolled back); `cause` is the error that ended it. */
export class TransactionLost extends Error {
  constructor(cause: unknown) {
    super("the transaction was rolled back", { cause });
  }
}
