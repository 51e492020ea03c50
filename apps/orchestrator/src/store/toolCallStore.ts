import { ToolCallState } from "@guilds/protocol/apiViews";
import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { compiledOnce } from "./compiledOnce.ts";
import type { Database, ToolCallTable } from "./database.ts";
import { type EarlierFileRead, fileReadHistory } from "./fileReadHistory.ts";
import { newId } from "./ids.ts";
import { fromJsonObjectText, type JsonObject, type JsonValue, toJsonText } from "./json.ts";
import { found } from "./notFound.ts";
import { storedEnum } from "./storedEnum.ts";

export type ToolCallStatus = ToolCallState;
export type ToolCallEndStatus = Exclude<ToolCallStatus, "pending" | "running">;

/** One call a model asked for, from pending to its result. */
export interface ToolCall {
  id: string;
  runId: string;
  generationId: string | null;
  /** The model's own id for the call (toolu_…, call_…). */
  callId: string;
  tool: string;
  /** The arguments exactly as the model wrote them, valid JSON or not. */
  argumentsText: string;
  /** The arguments parsed, or undefined when the text is not JSON. */
  arguments: JsonValue | undefined;
  status: ToolCallStatus;
  /** What the model read, after the platform pipeline. */
  result: string | null;
  /** The seq of the message carrying the result: the "step N" a repeated read points to. */
  resultSeq: number | null;
  /** True when the pipeline's cap cut the result (such a file_read never counts for de-duplication). */
  resultCut: boolean;
  metadata: JsonObject;
  /** On a repeated file_read: the step whose result it points to. */
  repeatOf: number | null;
  /** Our own fault that ended the call (a GuildsError's message), or the interruption's reason. */
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  durationMs: number | null;
}

/** How a call ended. `failed` is also for a tool whose outcome was an error (envelope ok: false). */
export interface ToolCallOutcome {
  status: ToolCallEndStatus;
  result?: string;
  resultSeq?: number;
  resultCut?: boolean;
  metadata?: JsonObject;
  repeatOf?: number;
  error?: string;
}

export type ToolCallStore = ReturnType<typeof createToolCallStore>;

export function createToolCallStore(db: Kysely<Database>) {
  return {
    /** A pending call; with `started`, one already running (as create then start would leave it). */
    async create(input: {
      runId: string;
      generationId: string | null;
      callId: string;
      tool: string;
      argumentsText: string;
      started?: boolean;
    }): Promise<ToolCall> {
      const now = timestamp();
      const row: Selectable<ToolCallTable> = {
        id: newId("tc"),
        run_id: input.runId,
        generation_id: input.generationId,
        call_id: input.callId,
        tool: input.tool,
        arguments: input.argumentsText,
        status: input.started ? "running" : "pending",
        result: null,
        result_seq: null,
        result_cut: 0,
        metadata: "{}",
        repeat_of: null,
        error: null,
        created_at: now,
        started_at: input.started ? now : null,
        ended_at: null,
        duration_ms: null,
      };
      await insertToolCall(db, row);
      return toToolCall(row);
    },

    /**
     * Records how a pending or running call ended; one that already ended is left as it is. With
     * the row as it was opened (`opened`), its start is known and the row is not read first.
     */
    async end(
      id: string,
      outcome: ToolCallOutcome,
      opened?: Pick<ToolCall, "startedAt" | "createdAt">,
    ): Promise<ToolCall> {
      const start = opened ?? (await getToolCall(db, id));
      const endedAt = new Date();
      const ending = {
        id,
        status: outcome.status,
        result: outcome.result ?? null,
        result_seq: outcome.resultSeq ?? null,
        result_cut: outcome.resultCut ? 1 : 0,
        repeat_of: outcome.repeatOf ?? null,
        error: outcome.error ?? null,
        ended_at: timestamp(endedAt),
        duration_ms: endedAt.getTime() - Date.parse(start.startedAt ?? start.createdAt),
      };
      const [ended] = (
        outcome.metadata === undefined
          ? await endToolCall(db, ending)
          : await endToolCallWithMetadata(db, { ...ending, metadata: toJsonText(outcome.metadata) })
      ).rows;
      return ended === undefined ? getToolCall(db, id) : toToolCall(ended);
    },

    get: (id: string): Promise<ToolCall> => getToolCall(db, id),

    /** The run's earlier reads a new file_read may point to instead of returning the lines again. */
    fileReadHistory: (runId: string): Promise<EarlierFileRead[]> => fileReadHistory(db, runId),

    /** In the order the model asked for them. */
    async list(runId: string): Promise<ToolCall[]> {
      const rows = await db
        .selectFrom("tool_call")
        .selectAll()
        .where("run_id", "=", runId)
        .orderBy("id")
        .execute();
      return rows.map(toToolCall);
    },

    /**
     * The result a restart gives a call it marked interrupted (the interruption set its end): false
     * when the call is not interrupted or has a result already.
     */
    async recordInterruptedResult(
      id: string,
      input: { result: string; resultSeq: number },
    ): Promise<boolean> {
      const updated = await db
        .updateTable("tool_call")
        .set({ result: input.result, result_seq: input.resultSeq })
        .where("id", "=", id)
        .where("status", "=", "interrupted")
        .where("result_seq", "is", null)
        .executeTakeFirst();
      return updated.numUpdatedRows > 0n;
    },
  };
}

const insertToolCall = compiledOnce((db, row: Selectable<ToolCallTable>) =>
  db.insertInto("tool_call").values(row),
);

type ToolCallEnding = Pick<
  Selectable<ToolCallTable>,
  | "id"
  | "status"
  | "result"
  | "result_seq"
  | "result_cut"
  | "repeat_of"
  | "error"
  | "ended_at"
  | "duration_ms"
>;

/** A pending or running call's end (one that already ended is left as it is), keeping its metadata. */
const endToolCall = compiledOnce((db, { id, ...ending }: ToolCallEnding) =>
  db
    .updateTable("tool_call")
    .set(ending)
    .where("id", "=", id)
    .where("status", "in", ["pending", "running"])
    .returningAll(),
);

const endToolCallWithMetadata = compiledOnce(
  (db, { id, ...ending }: ToolCallEnding & Pick<Selectable<ToolCallTable>, "metadata">) =>
    db
      .updateTable("tool_call")
      .set(ending)
      .where("id", "=", id)
      .where("status", "in", ["pending", "running"])
      .returningAll(),
);

async function getToolCall(db: Kysely<Database>, id: string): Promise<ToolCall> {
  const row = await db.selectFrom("tool_call").selectAll().where("id", "=", id).executeTakeFirst();
  return toToolCall(found(row, "tool_call", id));
}

export function toToolCall(row: Selectable<ToolCallTable>): ToolCall {
  return {
    id: row.id,
    runId: row.run_id,
    generationId: row.generation_id,
    callId: row.call_id,
    tool: row.tool,
    argumentsText: row.arguments,
    arguments: parseIfJson(row.arguments),
    status: storedEnum(ToolCallState.options, row.status, "tool call status"),
    result: row.result,
    resultSeq: row.result_seq,
    resultCut: row.result_cut === 1,
    metadata: fromJsonObjectText(row.metadata, "tool call metadata"),
    repeatOf: row.repeat_of,
    error: row.error,
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    durationMs: row.duration_ms,
  };
}

function parseIfJson(text: string): JsonValue | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
