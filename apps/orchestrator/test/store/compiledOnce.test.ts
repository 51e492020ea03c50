import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterEach, beforeEach, expect, test } from "vitest";
import { compiledOnce } from "../../src/store/compiledOnce.ts";
import type { Database } from "../../src/store/database.ts";
import { migrateToLatest } from "../../src/store/migrations.ts";
import { openSqliteDatabase } from "../../src/store/sqliteDatabase.ts";

let home: string;
let db: Kysely<Database>;

beforeEach(async () => {
  home = mkdtempSync(path.join(tmpdir(), "guilds-compiled-"));
  db = openSqliteDatabase(path.join(home, "guilds.db"));
  await migrateToLatest(db, "sqlite");
  for (const [id, name] of [
    ["g1", "acme"],
    ["g2", "beta"],
    ["g3", "gamma"],
  ] as const) {
    await db.insertInto("guild").values({ id, name, created_at: "2026-12-07T00:00:00.000Z" }).execute();
  }
});

afterEach(async () => {
  await db.destroy();
  rmSync(home, { recursive: true, force: true });
});

test("compiled once, run with each call's values, in a transaction as outside one; constants stay", async () => {
  const namesAfter = compiledOnce((db, p: { after: string }) =>
    db.selectFrom("guild").select("name").where("name", ">", p.after).where("id", "!=", "g3").orderBy("name"),
  );
  expect((await namesAfter(db, { after: "" })).rows).toEqual([{ name: "acme" }, { name: "beta" }]);
  expect((await namesAfter(db, { after: "acme" })).rows).toEqual([{ name: "beta" }]);
  const inside = await db.transaction().execute(async (transaction) => {
    await transaction.updateTable("guild").set({ name: "zeta" }).where("id", "=", "g1").execute();
    return (await namesAfter(transaction, { after: "b" })).rows;
  });
  expect(inside).toEqual([{ name: "beta" }, { name: "zeta" }]);
});

test("a value that shapes the statement, or is not bound as it is, is refused", async () => {
  const unbound = compiledOnce((db, p: { id: string; limit: number }) =>
    db.selectFrom("guild").selectAll().where("id", "=", p.id),
  );
  await expect(unbound(db, { id: "g1", limit: 1 })).rejects.toThrow("limit is not bound");
  const madeFrom = compiledOnce((db, p: { name: string }) =>
    db.selectFrom("guild").selectAll().where("name", "=", `${p.name}!`),
  );
  await expect(madeFrom(db, { name: "acme" })).rejects.toThrow("a value made from a parameter");
});
