import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import BetterSqlite from "better-sqlite3";
import { Kysely, type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";
import type { Database } from "./database.ts";

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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
}

/** Distinct SQL texts kept prepared; past this the cache starts over (an `in (?, ?, …)` list varies). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs; a better-sqlite3 statement can be run again and again. A
 * tool call runs ~56 queries, and preparing each anew was a fifth (an event's append) to two thirds
 * (an agent's select) of their CPU (bench/concurrent-runs). Kysely holds the one connection for a
 * whole query, stream or transaction, so a cached statement is never in use twice at once.
 */
function withStatementCache(connection: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
