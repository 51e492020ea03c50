import { RunStatus } from "@guilds/protocol/runEvents";
import { type Kysely, type Selectable, sql } from "kysely";
import { timestamp } from "./clock.ts";
import { compiledOnce } from "./compiledOnce.ts";
import type { Database, RunTable } from "./database.ts";
import { newId } from "./ids.ts";
import { fromJsonObjectText, type JsonObject, type JsonValue, toJsonText } from "./json.ts";
import { found } from "./notFound.ts";
import { storedEnum } from "./storedEnum.ts";
import { inTransaction } from "./transaction.ts";
import { endUnfinishedWork } from "./unfinishedWork.ts";

export type RunEndStatus = Exclude<RunStatus, "running">;

/**
 * metadata.harness_task: the code_task in progress (Code tasks), kept so a call cut short still
 * names its session. Written with patchMetadata({ harness_task }), removed with null.
 */
export type HarnessTaskMetadata = {
  call_id: string;
  harness: string;
  repository: string;
  session_id: string | null;
  log_path: string | null;
  /** The start checkpoint's commit, so a restart can name it without waking the machine. */
  start_sha: string | null;
};

/** Free-form JSON on the run; harness_task (HarnessTaskMetadata) lives here. */
export type RunMetadata = JsonObject;

/** One job of an agent: its messages, generations and tool calls hang off it. */
export interface Run {
  id: string;
  guildId: string;
  agentId: string;
  /** From its first message, or the operator's; "" for none. */
  title: string;
  status: RunStatus;
  /** Why it ended when it did not complete (cancelled by whom, interrupted by what). */
  statusReason: string | null;
  metadata: RunMetadata;
  toolCallsUsed: number;
  /** Its generations' and code tasks' tokens, summed as each ended. */
  usage: RunUsage;
  /** Their known costs summed, in US dollars; null while none is known. */
  costUsd: number | null;
  createdAt: string;
  updatedAt: string;
  endedAt: string | null;
}

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
}

/** One generation's or code task's counts and cost, each null where none was reported. */
export interface UsageDelta {
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
  costUsd: number | null;
}

export type RunStore = ReturnType<typeof createRunStore>;

export function createRunStore(db: Kysely<Database>) {
  return {
    async create(input: { agentId: string; title?: string; metadata?: RunMetadata }): Promise<Run> {
      const agent = await db
        .selectFrom("agent")
        .select("guild_id")
        .where("id", "=", input.agentId)
        .executeTakeFirst();
      const now = timestamp();
      const row: Selectable<RunTable> = {
        id: newId("run"),
        guild_id: found(agent, "agent", input.agentId).guild_id,
        agent_id: input.agentId,
        title: input.title ?? "",
        status: "running",
        status_reason: null,
        metadata: toJsonText(input.metadata ?? {}),
        tool_calls_used: 0,
        last_message_seq: 0,
        last_generation_seq: 0,
        input_tokens: 0,
        output_tokens: 0,
        cached_tokens: 0,
        cost_usd: null,
        created_at: now,
        updated_at: now,
        ended_at: null,
      };
      await db.insertInto("run").values(row).execute();
      return toRun(row);
    },

    get: (id: string): Promise<Run> => getRun(db, id),

    /** The operator's title for the run. */
    async setTitle(id: string, title: string): Promise<Run> {
      await db.updateTable("run").set({ title, updated_at: timestamp() }).where("id", "=", id).execute();
      return getRun(db, id);
    },

    /** Newest first; `before` (a run id) pages back. */
    async list(filter: {
      agentId?: string;
      guildId?: string;
      status?: RunStatus;
      before?: string;
      limit?: number;
    }) {
      let query = db
        .selectFrom("run")
        .selectAll()
        .orderBy("id", "desc")
        .limit(filter.limit ?? 50);
      if (filter.agentId !== undefined) query = query.where("agent_id", "=", filter.agentId);
      if (filter.guildId !== undefined) query = query.where("guild_id", "=", filter.guildId);
      if (filter.status !== undefined) query = query.where("status", "=", filter.status);
      if (filter.before !== undefined) query = query.where("id", "<", filter.before);
      return (await query.execute()).map(toRun);
    },

    /**
     * Ends a running run, and whatever of its work is still running (see unfinishedWork.ts); false
     * when it had already ended (a cancel racing its completion).
     */
    async end(id: string, status: RunEndStatus, reason: string | null = null): Promise<boolean> {
      return inTransaction(db, async (transaction) => {
        const now = timestamp();
        const result = await transaction
          .updateTable("run")
          .set({ status, status_reason: reason, updated_at: now, ended_at: now })
          .where("id", "=", id)
          .where("status", "=", "running")
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) {
          await getRun(transaction, id);
          return false;
        }
        await endUnfinishedWork(transaction, id, { status, reason, at: now });
        return true;
      });
    },

    /** Makes an ended run running again, for an operator message that continues it. */
    async reopen(id: string): Promise<Run> {
      const row = await db
        .updateTable("run")
        .set({ status: "running", status_reason: null, updated_at: timestamp(), ended_at: null })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return toRun(found(row, "run", id));
    },

    /**
     * Takes one tool call from the run's budget: the number used so far, this one included, or
     * undefined when `maxToolCalls` are already used. Atomic, so concurrent calls never overspend.
     */
    async consumeToolCall(id: string, maxToolCalls: number): Promise<number | undefined> {
      const [row] = (await takeToolCall(db, { id, maxToolCalls, now: timestamp() })).rows;
      if (row === undefined) await getRun(db, id);
      return row?.tool_calls_used;
    },

    /** Adds a generation's or code task's counts and cost to the run's totals, atomically. */
    async addUsage(id: string, delta: UsageDelta): Promise<void> {
      const tokens = {
        id,
        input: delta.inputTokens ?? 0,
        output: delta.outputTokens ?? 0,
        cached: delta.cachedTokens ?? 0,
      };
      if (delta.costUsd === null) {
        // Nothing to add (a provider that reports no usage): no statement.
        if (tokens.input === 0 && tokens.output === 0 && tokens.cached === 0) return;
        await addTokens(db, tokens);
      } else await addTokensAndCost(db, { ...tokens, cost: delta.costUsd });
    },

    /** Sets the given metadata keys; a key set to null is removed. */
    async patchMetadata(id: string, patch: Record<string, JsonValue>): Promise<RunMetadata> {
      return inTransaction(db, async (transaction) => {
        // Writing first takes the row's lock (and SQLite's write lock) before the read, so two
        // patches never both read the old metadata and lose one another's keys.
        const locked = await transaction
          .updateTable("run")
          .set({ updated_at: timestamp() })
          .where("id", "=", id)
          .returning("metadata")
          .executeTakeFirst();
        const metadata: JsonObject = {
          ...fromJsonObjectText(found(locked, "run", id).metadata, "run metadata"),
        };
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) delete metadata[key];
          else metadata[key] = value;
        }
        await transaction
          .updateTable("run")
          .set({ metadata: toJsonText(metadata) })
          .where("id", "=", id)
          .execute();
        return metadata;
      });
    },
  };
}

const takeToolCall = compiledOnce((db, p: { id: string; maxToolCalls: number; now: string }) =>
  db
    .updateTable("run")
    .set((update) => ({ tool_calls_used: update("tool_calls_used", "+", 1), updated_at: p.now }))
    .where("id", "=", p.id)
    .where("tool_calls_used", "<", p.maxToolCalls)
    .returning("tool_calls_used"),
);

type TokensDelta = { id: string; input: number; output: number; cached: number };

const addTokens = compiledOnce((db, p: TokensDelta) =>
  db
    .updateTable("run")
    .set((update) => ({
      input_tokens: update("input_tokens", "+", p.input),
      output_tokens: update("output_tokens", "+", p.output),
      cached_tokens: update("cached_tokens", "+", p.cached),
    }))
    .where("id", "=", p.id),
);

/** A known cost turns the unknown (null) total into that cost. */
const addTokensAndCost = compiledOnce((db, p: TokensDelta & { cost: number }) =>
  db
    .updateTable("run")
    .set((update) => ({
      input_tokens: update("input_tokens", "+", p.input),
      output_tokens: update("output_tokens", "+", p.output),
      cached_tokens: update("cached_tokens", "+", p.cached),
      cost_usd: sql<number>`coalesce(cost_usd, 0) + cast(${p.cost} as double precision)`,
    }))
    .where("id", "=", p.id),
);

async function getRun(db: Kysely<Database>, id: string): Promise<Run> {
  const row = await db.selectFrom("run").selectAll().where("id", "=", id).executeTakeFirst();
  return toRun(found(row, "run", id));
}

export function toRun(row: Selectable<RunTable>): Run {
  return {
    id: row.id,
    guildId: row.guild_id,
    agentId: row.agent_id,
    title: row.title,
    status: storedEnum(RunStatus.options, row.status, "run status"),
    statusReason: row.status_reason,
    metadata: fromJsonObjectText(row.metadata, "run metadata"),
    toolCallsUsed: row.tool_calls_used,
    usage: {
      inputTokens: row.input_tokens,
      outputTokens: row.output_tokens,
      cachedTokens: row.cached_tokens,
    },
    costUsd: row.cost_usd,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    endedAt: row.ended_at,
  };
}
