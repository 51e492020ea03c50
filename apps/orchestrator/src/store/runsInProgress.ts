import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "./database.ts";

export interface RunInProgress {
  id: string;
  agentName: string;
}

/** The runs still running, of one agent or of every agent of a guild, oldest first. */
export async function runsInProgress(
  db: Kysely<Database>,
  owner: { agentId: string } | { guildId: string },
): Promise<RunInProgress[]> {
  let query = db
    .selectFrom("run")
    .innerJoin("agent", "agent.id", "run.agent_id")
    .select(["run.id as id", "agent.name as agentName"])
    .where("run.status", "=", "running")
    .orderBy("run.id");
  query =
    "agentId" in owner
      ? query.where("run.agent_id", "=", owner.agentId)
      : query.where("run.guild_id", "=", owner.guildId);
  return query.execute();
}

/**
 * A condition for a DELETE's own WHERE: true while the agent (or any agent of the guild) has no run
 * in progress. Checked by the delete statement itself, so a run started by another process after
 * the caller's own check still stops it; on PostgreSQL, one whose insert commits while the delete
 * runs goes with the agent.
 */
export function noRunInProgress(db: Kysely<Database>, owner: { agentId: string } | { guildId: string }) {
  const running = db.selectFrom("run").select("run.id").where("run.status", "=", "running");
  const owned =
    "agentId" in owner
      ? running.where("run.agent_id", "=", owner.agentId)
      : running.where("run.guild_id", "=", owner.guildId);
  return <Table extends keyof Database>({ not, exists }: ExpressionBuilder<Database, Table>) =>
    not(exists(owned));
}

/** "run_1 of coder, run_2 of tester" */
export function describeRuns(runs: readonly RunInProgress[]): string {
  return runs.map((run) => `${run.id} of ${run.agentName}`).join(", ");
}
