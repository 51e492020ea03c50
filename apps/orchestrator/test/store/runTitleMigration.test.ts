import Sqlite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import { addRunTitleColumn } from "../../src/store/migrations/runTitleColumn.ts";

test("0006_run_title: the runs already stored get the title of their first operator message", async () => {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Sqlite(":memory:") }) });
  await sql`create table run (id text primary key)`.execute(db);
  await sql`create table message (run_id text, seq integer, role text, content text)`.execute(db);
  await sql`insert into run (id) values ('run_a'), ('run_b'), ('run_c'), ('run_d')`.execute(db);
  await sql`insert into message values
    ('run_a', 1, 'operator', ${JSON.stringify({ text: "\n  Fix   the build\nthen test" })}),
    ('run_a', 2, 'operator', ${JSON.stringify({ text: "a later message" })}),
    ('run_b', 1, 'assistant', ${JSON.stringify({ text: "not the operator's" })}),
    ('run_d', 1, 'operator', 'not JSON')`.execute(db);

  await addRunTitleColumn(db);

  const { rows } = await sql<{ id: string; title: string }>`select id, title from run order by id`.execute(
    db,
  );
  expect(rows).toEqual([
    { id: "run_a", title: "Fix the build" },
    { id: "run_b", title: "" },
    { id: "run_c", title: "" },
    { id: "run_d", title: "" },
  ]);
  await db.destroy();
});
