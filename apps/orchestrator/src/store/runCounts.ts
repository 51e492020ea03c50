import { RunStatus } from "@guilds/protocol/runEvents";
import type { Kysely } from "kysely";
import type { Database } from "./database.ts";

/** How many runs the store holds in each status (a status with none is 0); one scan of the runs. */
export async function countRunsByStatus(db: Kysely<Database>): Promise<Record<RunStatus, number>> {
  const rows = await db
    .selectFrom("run")
    .select(["status", db.fn.countAll<number | string>().as("runs")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(RunStatus.options.map((status) => [status, 0])) as Record<
    RunStatus,
    number
  >;
  for (const row of rows) {
    const status = RunStatus.safeParse(row.status);
    if (status.success) counts[status.data] = Number(row.runs);
  }
  return counts;
}
