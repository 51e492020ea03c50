// better-sqlite3 and pg ship no types and their @types packages are not installed: these are the
// few members the store uses, shaped to fit Kysely's own driver interfaces. No top-level import, so
// these stay ambient module declarations rather than augmentations.

declare module "better-sqlite3" {
  import type { SqliteDatabase } from "kysely";

  interface DatabaseOptions {
    /** Milliseconds to wait for a lock held by another connection (SQLite's busy timeout). */
    timeout?: number;
    readonly?: boolean;
    fileMustExist?: boolean;
  }

  export interface BetterSqliteDatabase extends SqliteDatabase {
    pragma(source: string, options?: { simple?: boolean }): unknown;
    exec(source: string): BetterSqliteDatabase;
    readonly open: boolean;
    /** False once SQLite rolled a transaction back by itself (SQLITE_FULL, SQLITE_IOERR, ...). */
    readonly inTransaction: boolean;
  }

  const Database: new (filename: string, options?: DatabaseOptions) => BetterSqliteDatabase;
  export default Database;
}

declare module "pg" {
  import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";

  type TypeParser = (value: string) => unknown;

  interface CustomTypes {
    getTypeParser(oid: number, format?: "text" | "binary"): TypeParser;
  }

  interface PoolConfig {
    connectionString?: string;
    max?: number;
    idleTimeoutMillis?: number;
    connectionTimeoutMillis?: number;
    types?: CustomTypes;
  }

  export class Pool implements PostgresPool {
    constructor(config?: PoolConfig);
    connect(): Promise<PostgresPoolClient>;
    end(): Promise<void>;
    query<R = Record<string, unknown>>(
      text: string,
      values?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>>;
    on(event: "error", listener: (error: Error) => void): this;
  }

  export const types: CustomTypes & { builtins: { INT8: number } };
}
