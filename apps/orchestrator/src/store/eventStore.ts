import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { compiledOnce } from "./compiledOnce.ts";
import type { Database, RunEventTable } from "./database.ts";
import { fromJsonText, type JsonValue, toJsonText } from "./json.ts";
import { found } from "./notFound.ts";
import { inTransaction } from "./transaction.ts";

/** A run's event as its SSE streams send it; `id` is the SSE `id:` a client resumes after. */
export interface RunEvent {
  id: number;
  runId: string;
  guildId: string;
  /** Dotted noun.verb: message.created, tool.started, tool.finished, run.ended, … */
  type: string;
  payload: JsonValue;
  createdAt: string;
}

/** A stored event with its payload as the JSON text it is stored as (what toJsonText wrote). */
export interface RunEventText extends Omit<RunEvent, "payload"> {
  payloadText: string;
}

/**
 * Pruning rule: a run's events are kept while it runs and for this long after it ends, long enough
 * for any client to resume; past that, the run's messages and tool calls are the record.
 */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PAGE_DEFAULT = 1000;

export type EventStore = ReturnType<typeof createEventStore>;

export function createEventStore(db: Kysely<Database>) {
  return {
    /** Stores one event under the next id; see appendAll. */
    async append(runId: string, input: { type: string; payload: JsonValue }): Promise<RunEvent> {
      const [event] = (await appendAll(db, [{ runId, ...input }])) as [RunEvent];
      return event;
    },

    /**
     * Stores the events under the next ids, in the order given: consecutive ids, taken together.
     * Publish after this resolves.
     */
    appendAll: (events: readonly NewRunEvent[]): Promise<RunEvent[]> => appendAll(db, events),

    /**
     * The events with the guild of each run (read where not given): an append of them then fails
     * for no missing run. Throws run.not_found.
     */
    withGuilds: (events: readonly NewRunEvent[]): Promise<NewRunEvent[]> => withGuilds(db, events),

    /** The run's events after `afterId` (the Last-Event-ID; 0 for all), oldest first. */
    listForRun: (runId: string, afterId = 0, limit = PAGE_DEFAULT): Promise<RunEvent[]> =>
      listAfter(db, "run_id", runId, afterId, limit),

    /** listForRun with each payload left as its stored JSON text, for an answer that sends it as is. */
    listTextForRun: async (runId: string, afterId = 0, limit = PAGE_DEFAULT): Promise<RunEventText[]> =>
      (await listRowsAfter(db, "run_id", runId, afterId, limit)).map(toEventText),

    /** Every run's events in the guild after `afterId`, oldest first. */
    listForGuild: (guildId: string, afterId = 0, limit = PAGE_DEFAULT): Promise<RunEvent[]> =>
      listAfter(db, "guild_id", guildId, afterId, limit),

    /** The id of the newest event stored (0 when none): where a fresh subscriber starts. */
    async lastId(): Promise<number> {
      const row = await db
        .selectFrom("event_counter")
        .select("value")
        .where("name", "=", "run_event")
        .executeTakeFirstOrThrow();
      return row.value;
    },

    /** Applies the pruning rule as of `now`; returns how many events it deleted. */
    async prune(now: Date = new Date()): Promise<number> {
      const cutoff = timestamp(new Date(now.getTime() - EVENT_RETENTION_MS));
      const result = await db
        .deleteFrom("run_event")
        .where("run_id", "in", (select) =>
          select
            .selectFrom("run")
            .select("run.id")
            .where("run.status", "!=", "running")
            .where("run.ended_at", "<", cutoff),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** An event to store: its run and what its SSE stream sends. */
export interface NewRunEvent {
  runId: string;
  /** The run's guild when the caller knows it (a run never changes guild); else it is read. */
  guildId?: string;
  type: string;
  payload: JsonValue;
}

/**
 * Ids come from one counter row bumped in the insert's transaction, so they grow in commit order (a
 * sequence would not: a later id can commit first, and a client resuming after it would never see
 * the earlier one). Inside a larger transaction, append events last: the counter is then held only
 * until that commit, and one lock order (entity rows, then the counter) rules out deadlocks.
 */
async function appendAll(db: Kysely<Database>, events: readonly NewRunEvent[]): Promise<RunEvent[]> {
  if (events.length === 0) return [];
  return inTransaction(db, async (transaction) => {
    const [counter] = (await bumpEventCounter(transaction, { count: events.length })).rows;
    if (counter === undefined) throw new Error("the run_event counter row is missing");
    const createdAt = timestamp();
    const rows: Selectable<RunEventTable>[] = [];
    for (const event of await withGuilds(transaction, events)) {
      rows.push({
        id: counter.value - events.length + 1 + rows.length,
        run_id: event.runId,
        guild_id: event.guildId,
        type: event.type,
        payload: toJsonText(event.payload),
        created_at: createdAt,
      });
    }
    await insertEvents(transaction, rows);
    return rows.map(toEvent);
  });
}

const bumpEventCounter = compiledOnce((db, p: { count: number }) =>
  db
    .updateTable("event_counter")
    .set((update) => ({ value: update("value", "+", p.count) }))
    .where("name", "=", "run_event")
    .returning("value"),
);

/** A transaction's events are few (a step's, or a group commit's): one statement per count up to this. */
const COMPILED_ROW_COUNTS = 64;
type EventRow = Selectable<RunEventTable>;
const insertsOf = new Map<
  number,
  (db: Kysely<Database>, params: Record<string, EventRow[keyof EventRow]>) => Promise<unknown>
>();

async function insertEvents(db: Kysely<Database>, rows: EventRow[]): Promise<void> {
  if (rows.length > COMPILED_ROW_COUNTS) {
    await db.insertInto("run_event").values(rows).execute();
    return;
  }
  const count = rows.length;
  let insert = insertsOf.get(count);
  if (insert === undefined) {
    insert = compiledOnce((db, params: Record<string, EventRow[keyof EventRow]>) =>
      db.insertInto("run_event").values(
        Array.from({ length: count }, (_row, index) => ({
          id: params[`id${index}`] as number,
          run_id: params[`run_id${index}`] as string,
          guild_id: params[`guild_id${index}`] as string,
          type: params[`type${index}`] as string,
          payload: params[`payload${index}`] as string,
          created_at: params[`created_at${index}`] as string,
        })),
      ),
    );
    insertsOf.set(count, insert);
  }
  const params: Record<string, EventRow[keyof EventRow]> = {};
  for (const [index, row] of rows.entries()) {
    for (const [column, value] of Object.entries(row)) params[`${column}${index}`] = value;
  }
  await insert(db, params);
}

type WithGuild = NewRunEvent & { guildId: string };

async function withGuilds(db: Kysely<Database>, events: readonly NewRunEvent[]): Promise<WithGuild[]> {
  if (events.every((event) => event.guildId !== undefined)) return events as WithGuild[];
  const guildOfRun = new Map<string, string>();
  const withGuild: WithGuild[] = [];
  for (const event of events) {
    let guildId = event.guildId ?? guildOfRun.get(event.runId);
    if (guildId === undefined) {
      const run = await db
        .selectFrom("run")
        .select("guild_id")
        .where("id", "=", event.runId)
        .executeTakeFirst();
      guildId = found(run, "run", event.runId).guild_id;
      guildOfRun.set(event.runId, guildId);
    }
    withGuild.push({ ...event, guildId });
  }
  return withGuild;
}

/** One page of the events of a run or of a guild after `afterId`, oldest first. */
async function listAfter(
  db: Kysely<Database>,
  owner: "run_id" | "guild_id",
  ownerId: string,
  afterId: number,
  limit: number,
): Promise<RunEvent[]> {
  return (await listRowsAfter(db, owner, ownerId, afterId, limit)).map(toEvent);
}

function listRowsAfter(
  db: Kysely<Database>,
  owner: "run_id" | "guild_id",
  ownerId: string,
  afterId: number,
  limit: number,
): Promise<Selectable<RunEventTable>[]> {
  return db
    .selectFrom("run_event")
    .selectAll()
    .where(owner, "=", ownerId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

function toEventText(row: Selectable<RunEventTable>): RunEventText {
  return {
    id: row.id,
    runId: row.run_id,
    guildId: row.guild_id,
    type: row.type,
    payloadText: row.payload,
    createdAt: row.created_at,
  };
}

function toEvent(row: Selectable<RunEventTable>): RunEvent {
  const { payloadText, ...event } = toEventText(row);
  return { ...event, payload: fromJsonText(payloadText, "event payload") };
}
