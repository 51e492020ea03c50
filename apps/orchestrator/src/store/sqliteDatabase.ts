import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import BetterSqlite, { type BetterSqliteDatabase } from "better-sqlite3";
import { Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";
import { logQueryTime } from "../metrics/storeQueryMetrics.ts";
import type { Database } from "./database.ts";
import { sqliteStorageError } from "./sqliteStorageErrors.ts";

/** How long a write waits for another process's lock (a CLI command beside the server). */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * The embedded database: one better-sqlite3 connection (Kysely queues every query and holds it for
 * the length of a transaction, so writes in this process never contend).
 *
 * WAL with synchronous=NORMAL: a commit is written to the WAL before it returns, so a killed or
 * crashed server (SIGKILL, OOM, a bug) loses nothing it committed; only a power cut or kernel crash
 * can roll back the last commits, and never corrupts the file. FULL would add an fsync to every
 * commit: measured here at ~1 ms against ~0.03 ms, on the one write path every tool call's several
 * writes share, which caps all runs together at a few hundred tool calls a second.
 */
export function openSqliteDatabase(file: string): Kysely<Database> {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // SQLite gives its -wal and -shm files the database file's mode: make it the owner's alone first.
  closeSync(openSync(file, "a", 0o600));
  chmodSync(file, 0o600);
  const connection = new BetterSqlite(file, { timeout: BUSY_TIMEOUT_MS });
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.pragma("foreign_keys = ON");
  const database = withStatementCache(connection, path.dirname(file));
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }), log: logQueryTime });
}

/** Distinct SQL texts kept prepared; past this the cache starts over (an `in (?, ?, …)` list varies). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; a better-sqlite3 statement can be run again and again. A
 * tool call runs ~56 queries, and preparing each anew was a fifth (an event's append) to two thirds
 * (an agent's select) of their CPU (bench/concurrent-runs). Kysely holds the one connection for a
 * whole query, stream or transaction, so a cached statement is never in use twice at once.
 */
function withStatementCache(connection: BetterSqliteDatabase, folder: string): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = withStorageErrors(connection.prepare(sql), folder);
        if (sql === KYSELY_ROLLBACK) statement = unlessRolledBack(statement, connection);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** A failure for want of space becomes storage.full (see sqliteStorageErrors.ts). */
function withStorageErrors(statement: SqliteStatement, folder: string): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      try {
        return statement.all(parameters);
      } catch (error) {
        throw sqliteStorageError(error, folder);
      }
    },
    run(parameters) {
      try {
        return statement.run(parameters);
      } catch (error) {
        throw sqliteStorageError(error, folder);
      }
    },
    *iterate(parameters) {
      try {
        yield* statement.iterate(parameters);
      } catch (error) {
        throw sqliteStorageError(error, folder);
      }
    },
  };
}

/** The statement Kysely runs when a transaction's work throws. */
const KYSELY_ROLLBACK = "rollback";

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, ...): Kysely's
 * own rollback would then fail with "cannot rollback - no transaction is active", and that error
 * would replace the one that explains the failure.
 */
function unlessRolledBack(rollback: SqliteStatement, connection: BetterSqliteDatabase): SqliteStatement {
  return {
    reader: rollback.reader,
    all: (parameters) => (connection.inTransaction ? rollback.all(parameters) : []),
    run: (parameters) =>
      connection.inTransaction ? rollback.run(parameters) : { changes: 0, lastInsertRowid: 0 },
    iterate: (parameters) => rollback.iterate(parameters),
  };
}
