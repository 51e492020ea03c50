import { httpStatusOf } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";
import { test as base, expect } from "vitest";
import { openStore, type Store } from "../../src/store/store.ts";
import type { FreshDatabase, TestDatabase } from "./testDatabases.ts";

export interface StoreFixtures {
  /** An empty database of the test's own. */
  db: FreshDatabase;
  /** Opens a store on it; several may be open at once, all closed after the test. */
  open: () => Promise<Store>;
}

/** `test` with a fresh database per test, so tests of one file can run concurrently. */
export function storeTest(database: TestDatabase) {
  return base.extend<StoreFixtures>({
    // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies as a pattern
    db: async ({}, use) => {
      const fresh = await database.fresh();
      try {
        await use(fresh);
      } finally {
        await fresh.dispose();
      }
    },
    open: async ({ db }, use) => {
      const opened: Store[] = [];
      try {
        await use(async () => {
          const store = await openStore(db.config);
          let closing: Promise<void> | undefined;
          // Tests may close a store themselves; PostgreSQL's pool refuses a second end().
          const closeOnce: Store = { ...store, close: () => (closing ??= store.close()) };
          opened.push(closeOnce);
          return closeOnce;
        });
      } finally {
        for (const store of opened) await store.close();
      }
    },
  });
}

export type StoreTest = ReturnType<typeof storeTest>;

/** Awaits `promise` and checks it failed with a GuildsError of `code`. */
export async function expectGuildsError(
  promise: Promise<unknown>,
  code: string,
  status?: number,
): Promise<GuildsError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof GuildsError))
    throw new Error(`expected a GuildsError ${code}, got ${String(error)}`);
  expect(error.code).toBe(code);
  if (status !== undefined) expect(httpStatusOf(error.code)).toBe(status);
  return error;
}
