import Sqlite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import { addUsageColumns } from "../../src/store/migrations/usageColumns.ts";

test("0007_usage: the generations already stored keep their counts, summed into their runs", async () => {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Sqlite(":memory:") }) });
  await sql`create table run (id text primary key)`.execute(db);
  await sql`create table generation (id text primary key, run_id text, usage text)`.execute(db);
  await sql`insert into run (id) values ('run_a'), ('run_b')`.execute(db);
  await sql`insert into generation values
    ('gen_1', 'run_a', ${JSON.stringify({ inputTokens: 100, outputTokens: 20 })}),
    ('gen_2', 'run_a', ${JSON.stringify({ inputTokens: 50, outputTokens: null })}),
    ('gen_3', 'run_a', null),
    ('gen_4', 'run_b', 'not JSON'),
    ('gen_5', 'run_b', ${JSON.stringify({ inputTokens: -3, outputTokens: "7" })})`.execute(db);

  await addUsageColumns(db);

  const generations =
    await sql`select id, input_tokens, output_tokens, cached_tokens, cost_usd from generation order by id`.execute(
      db,
    );
  expect(generations.rows).toEqual([
    { id: "gen_1", input_tokens: 100, output_tokens: 20, cached_tokens: null, cost_usd: null },
    { id: "gen_2", input_tokens: 50, output_tokens: null, cached_tokens: null, cost_usd: null },
    { id: "gen_3", input_tokens: null, output_tokens: null, cached_tokens: null, cost_usd: null },
    { id: "gen_4", input_tokens: null, output_tokens: null, cached_tokens: null, cost_usd: null },
    { id: "gen_5", input_tokens: null, output_tokens: null, cached_tokens: null, cost_usd: null },
  ]);
  const runs =
    await sql`select id, input_tokens, output_tokens, cached_tokens, cost_usd from run order by id`.execute(
      db,
    );
  expect(runs.rows).toEqual([
    { id: "run_a", input_tokens: 150, output_tokens: 20, cached_tokens: 0, cost_usd: null },
    { id: "run_b", input_tokens: 0, output_tokens: 0, cached_tokens: 0, cost_usd: null },
  ]);
  await db.destroy();
});
