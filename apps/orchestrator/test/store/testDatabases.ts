import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import BetterSqlite from "better-sqlite3";
import { Pool } from "pg";
import { afterAll } from "vitest";
import type { Config } from "../../src/config.ts";
import { numericTypes } from "../../src/store/postgresDatabase.ts";
import { postgresForTests } from "./throwawayPostgres.ts";

/** One database the store suite runs against. */
export interface TestDatabase {
  kind: "sqlite" | "postgres";
  /** The suite's title, with the reason when it is skipped. */
  label: string;
  skipReason?: string;
  /** An empty database of its own (a temp folder, or a new PostgreSQL database) and a home. */
  fresh(): Promise<FreshDatabase>;
}

export interface FreshDatabase {
  config: Config;
  /** Reads rows straight from the database, past the stores. */
  rawRows(query: string): Promise<Record<string, unknown>[]>;
  /** SQLite only: every byte of the database files (main file and WAL). */
  rawFileBytes(): Buffer;
  dispose(): Promise<void>;
}

/**
 * PostgreSQL when postgresForTests finds or starts one, stopped after the file's tests; else a
 * database whose tests are skipped, with the reason printed. Call at the top of a test file.
 */
export async function postgresDatabase(): Promise<TestDatabase> {
  const postgres = await postgresForTests();
  if ("skipReason" in postgres) {
    process.stderr.write(`store tests: PostgreSQL suite skipped: ${postgres.skipReason}\n`);
    return {
      kind: "postgres",
      label: `postgres, skipped: ${postgres.skipReason}`,
      ...postgres,
      fresh: unavailable,
    };
  }
  const admin = new Pool({ connectionString: postgres.url, max: 2 });
  afterAll(async () => {
    await admin.end();
    await postgres.stop();
  });
  return {
    kind: "postgres",
    label: `postgres (${postgres.origin})`,
    fresh: () => freshPostgres(admin, postgres.url),
  };
}

export const sqliteDatabase: TestDatabase = {
  kind: "sqlite",
  label: "sqlite",
  async fresh() {
    const home = mkdtempSync(path.join(tmpdir(), "guilds-store-"));
    const config = testConfig(home, { kind: "sqlite", path: path.join(home, "guilds.db") });
    return {
      config,
      async rawRows(query) {
        const connection = new BetterSqlite(path.join(home, "guilds.db"), { readonly: true });
        try {
          return connection.prepare(query).all([]).filter(isRecord);
        } finally {
          connection.close();
        }
      },
      rawFileBytes: () =>
        Buffer.concat(["guilds.db", "guilds.db-wal"].map((file) => readIfExists(path.join(home, file)))),
      dispose: async () => rmSync(home, { recursive: true, force: true }),
    };
  },
};

/**
 * A database of its own per test, not a schema: Kysely's migrator reads the whole catalog of its
 * database, so tests migrating side by side in one database would trip over each other's DDL.
 */
async function freshPostgres(admin: Pool, baseUrl: string): Promise<FreshDatabase> {
  const name = `guilds_test_${randomBytes(6).toString("hex")}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    throw new Error(`cannot create a test database (the role needs CREATEDB): ${String(error)}`);
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Commits need not wait for the server's disk in tests: same semantics, far fewer fsyncs.
  url.searchParams.set("options", "-c synchronous_commit=off");
  const home = mkdtempSync(path.join(tmpdir(), "guilds-store-"));
  const reader = new Pool({ connectionString: url.toString(), max: 1, types: numericTypes });
  return {
    config: testConfig(home, { kind: "postgres", url: url.toString() }),
    rawRows: async (query) => (await reader.query(query)).rows,
    rawFileBytes: () => {
      throw new Error("PostgreSQL has no database file to read");
    },
    async dispose() {
      await reader.end();
      await dropWhenClosed(admin, name);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * pg's end() resolves before the server has seen every connection close; dropping WITH (FORCE)
 * then kills a closing connection, whose error pg throws uncaught. So wait for them instead.
 */
async function dropWhenClosed(admin: Pool, name: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`drop database ${name}`);
      return;
    } catch (error) {
      const inUse = error instanceof Error && "code" in error && error.code === "55006";
      if (!inUse || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function testConfig(home: string, database: Config["database"]): Config {
  return Object.freeze({
    home,
    database,
    secretKey: undefined,
    harnessDir: path.join(home, "harnesses"),
    machinesDir: path.join(home, "machines"),
    machineLimitsMode: "on",
    sandboxNetwork: "isolated",
    sandboxSeccomp: "on",
    machineProvider: "local",
    mcpIdleMs: 60 * 60_000,
  });
}

async function unavailable(): Promise<FreshDatabase> {
  throw new Error("this database is not available here");
}

function readIfExists(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.alloc(0);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
