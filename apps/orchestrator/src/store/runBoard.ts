import { RUN_SEARCH_WINDOW, type RunBoardStatus } from "@guilds/protocol/runBoardViews";
import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "./database.ts";
import { type Run, toRun } from "./runStore.ts";

/** Which runs the board shows; every field narrows (a scoped token's guild or agent is one more). */
export interface RunBoardFilter {
  /** Any of these board statuses; empty or absent for all. */
  statuses?: readonly RunBoardStatus[];
  guildId?: string;
  agentId?: string;
  /** Case-insensitive text in the title or in an operator's or assistant's message. */
  search?: string;
  /** A search reads this many of the newest runs of the guild or agent at most (RUN_SEARCH_WINDOW). */
  searchWindow?: number;
  /** A run id: the runs older than it (newest first). */
  before?: string;
  limit: number;
}

export interface BoardRun extends Run {
  boardStatus: RunBoardStatus;
  agentName: string;
  guildName: string;
}

/** The runs at work and the runs waiting, of the runs a scope sees. */
export interface RunningCounts {
  running: number;
  waiting: number;
}

type RunQueryBuilder = ExpressionBuilder<Database, "run">;

/** A client run's generations are named `<protocol>:<client>` (runs/clientRun.ts); MCP is the one protocol. */
const CLIENT_PROTOCOL = "mcp";

/**
 * waiting (see runBoardViews.ts): running, with no generation in progress and no tool call pending
 * or running but a code_task, and either a code_task running or an MCP client driving the run (its
 * generations are the client's, `mcp:<client>`): a run of the agent's own model between two steps
 * is not waiting. The lookups use indexes led by run_id (generation's unique (run_id, seq),
 * tool_call_by_run).
 */
function waitingOf(eb: RunQueryBuilder) {
  return eb.and([
    eb("run.status", "=", "running"),
    eb.or([
      eb.exists(
        eb
          .selectFrom("tool_call")
          .select(sql`1`.as("one"))
          .whereRef("tool_call.run_id", "=", "run.id")
          .where("tool_call.status", "=", "running")
          .where("tool_call.tool", "=", "code_task"),
      ),
      eb.exists(
        eb
          .selectFrom("generation")
          .select(sql`1`.as("one"))
          .whereRef("generation.run_id", "=", "run.id")
          .where("generation.model", "like", `${CLIENT_PROTOCOL}:%`),
      ),
    ]),
    eb.not(
      eb.exists(
        eb
          .selectFrom("generation")
          .select(sql`1`.as("one"))
          .whereRef("generation.run_id", "=", "run.id")
          .where("generation.status", "=", "running"),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom("tool_call")
          .select(sql`1`.as("one"))
          .whereRef("tool_call.run_id", "=", "run.id")
          .where("tool_call.status", "in", ["pending", "running"])
          .where("tool_call.tool", "<>", "code_task"),
      ),
    ),
  ]);
}

/** A LIKE pattern matching `text` anywhere, its own %, _ and \ taken literally (escape '\'). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search: the title, or the text of an operator's or assistant's message. Tool results are
 * left out: they are most of a run's bytes, and what the operator asked or the model said names
 * the run. lower() on both sides is portable; SQLite folds ASCII letters only.
 */
function matchesSearch(eb: RunQueryBuilder, dialect: "sqlite" | "postgres", search: string) {
  const pattern = containsPattern(search);
  const messageText =
    dialect === "postgres"
      ? sql`(message.content::json ->> 'text')`
      : sql`json_extract(message.content, '$.text')`;
  return eb.or([
    sql<SqlBool>`lower(run.title) like ${pattern} escape '\\'`,
    eb.exists(
      eb
        .selectFrom("message")
        .select(sql`1`.as("one"))
        .whereRef("message.run_id", "=", "run.id")
        .where("message.role", "in", ["operator", "assistant"])
        .where(sql<SqlBool>`lower(${messageText}) like ${pattern} escape '\\'`),
    ),
  ]);
}

function matchesStatuses(eb: RunQueryBuilder, statuses: readonly RunBoardStatus[]) {
  return eb.or(
    statuses.map((status) => {
      if (status === "waiting") return waitingOf(eb);
      if (status === "running") return eb.and([eb("run.status", "=", "running"), eb.not(waitingOf(eb))]);
      return eb("run.status", "=", status);
    }),
  );
}

/** One page of the board, newest first (by id: ids sort by creation), with one row more than asked. */
export async function listBoardRuns(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
  filter: RunBoardFilter,
): Promise<BoardRun[]> {
  let query = db
    .selectFrom("run")
    .innerJoin("agent", "agent.id", "run.agent_id")
    .innerJoin("guild", "guild.id", "run.guild_id")
    .selectAll("run")
    .select((eb) => [
      "agent.name as agent_name",
      "guild.name as guild_name",
      eb.case().when(waitingOf(eb)).then(1).else(0).end().as("waiting"),
    ])
    .orderBy("run.id", "desc")
    .limit(filter.limit);
  if (filter.guildId !== undefined) query = query.where("run.guild_id", "=", filter.guildId);
  if (filter.agentId !== undefined) query = query.where("run.agent_id", "=", filter.agentId);
  if (filter.before !== undefined) query = query.where("run.id", "<", filter.before);
  const { statuses, search } = filter;
  if (statuses !== undefined && statuses.length > 0)
    query = query.where((eb) => matchesStatuses(eb, statuses));
  if (search !== undefined && search !== "") {
    // The bound on a search's cost: a text matching nothing reads every message of the runs it may
    // look at, so it looks at the newest window of them only (its first run's id and newer).
    let window = db
      .selectFrom("run")
      .select("run.id")
      .orderBy("run.id", "desc")
      .offset((filter.searchWindow ?? RUN_SEARCH_WINDOW) - 1)
      .limit(1);
    if (filter.guildId !== undefined) window = window.where("run.guild_id", "=", filter.guildId);
    if (filter.agentId !== undefined) window = window.where("run.agent_id", "=", filter.agentId);
    query = query
      .where((eb) => eb("run.id", ">=", eb.fn.coalesce(window, sql.lit(""))))
      .where((eb) => matchesSearch(eb, dialect, search));
  }
  const rows = await query.execute();
  return rows.map(({ agent_name, guild_name, waiting, ...row }) => {
    const run = toRun(row);
    return {
      ...run,
      boardStatus: Number(waiting) === 1 ? "waiting" : run.status,
      agentName: agent_name,
      guildName: guild_name,
    };
  });
}

/** How many of the scope's runs are at work and how many wait; one pass over the running runs. */
export async function countRunningRuns(
  db: Kysely<Database>,
  scope: { guildId?: string; agentId?: string },
): Promise<RunningCounts> {
  let query = db
    .selectFrom("run")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("active"),
      eb.fn.sum<number | string | null>(eb.case().when(waitingOf(eb)).then(1).else(0).end()).as("waiting"),
    ])
    .where("run.status", "=", "running");
  if (scope.guildId !== undefined) query = query.where("run.guild_id", "=", scope.guildId);
  if (scope.agentId !== undefined) query = query.where("run.agent_id", "=", scope.agentId);
  const row = await query.executeTakeFirstOrThrow();
  const waiting = Number(row.waiting ?? 0);
  return { running: Number(row.active) - waiting, waiting };
}
