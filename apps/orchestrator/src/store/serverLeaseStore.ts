import type { Kysely } from "kysely";
import { timestamp } from "./clock.ts";
import type { Database, ServerLeaseTable } from "./database.ts";

const LEASE_NAME = "server";

/** A server process, as the lease names it. */
export interface ServerHolder {
  /** New at every start of a server. */
  id: string;
  host: string;
  pid: number;
  /** When the process started, as its host counts it; null where that is unknown. */
  processStart: string | null;
}

export interface ServerLease {
  holder: ServerHolder;
  claimedAt: string;
  expiresAt: string;
}

/**
 * The claim of one server on the database: a server that runs the work of a store marks at start
 * what was left running as interrupted, so a second server on the same store would interrupt the
 * first one's runs. Every write is one conditional statement, so two claimants never both win.
 */
export interface ServerLeaseStore {
  current(): Promise<ServerLease | undefined>;
  /**
   * Takes the lease until `expiresAt` when nobody holds it (`replacing` null) or when it is still
   * held by the holder `replacing` names (one found gone). False when another claimant was first.
   */
  claim(holder: ServerHolder, expiresAt: Date, replacing: string | null): Promise<boolean>;
  /** Moves the holder's expiry on; false when the lease is no longer its own. */
  renew(holderId: string, expiresAt: Date): Promise<boolean>;
  /** Gives the lease up, if it is still the holder's. */
  release(holderId: string): Promise<void>;
}

export function createServerLeaseStore(db: Kysely<Database>): ServerLeaseStore {
  return {
    async current() {
      const row = await db
        .selectFrom("server_lease")
        .selectAll()
        .where("name", "=", LEASE_NAME)
        .executeTakeFirst();
      return row === undefined ? undefined : leaseOf(row);
    },

    async claim(holder, expiresAt, replacing) {
      const values = {
        holder: holder.id,
        host: holder.host,
        pid: holder.pid,
        process_start: holder.processStart,
        claimed_at: timestamp(),
        expires_at: timestamp(expiresAt),
      };
      if (replacing === null) {
        const inserted = await db
          .insertInto("server_lease")
          .values({ name: LEASE_NAME, ...values })
          .onConflict((conflict) => conflict.column("name").doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const updated = await db
        .updateTable("server_lease")
        .set(values)
        .where("name", "=", LEASE_NAME)
        .where("holder", "=", replacing)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async renew(holderId, expiresAt) {
      const updated = await db
        .updateTable("server_lease")
        .set({ expires_at: timestamp(expiresAt) })
        .where("name", "=", LEASE_NAME)
        .where("holder", "=", holderId)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    async release(holderId) {
      await db
        .deleteFrom("server_lease")
        .where("name", "=", LEASE_NAME)
        .where("holder", "=", holderId)
        .execute();
    },
  };
}

function leaseOf(row: ServerLeaseTable): ServerLease {
  return {
    holder: { id: row.holder, host: row.host, pid: row.pid, processStart: row.process_start },
    claimedAt: row.claimed_at,
    expiresAt: row.expires_at,
  };
}
