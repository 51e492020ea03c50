import type { Kysely, Selectable } from "kysely";
import { timestamp } from "./clock.ts";
import { compiledOnce } from "./compiledOnce.ts";
import type { Database, GenerationTable } from "./database.ts";
import { newId } from "./ids.ts";
import { found } from "./notFound.ts";
import { storedEnum } from "./storedEnum.ts";
import { inTransaction } from "./transaction.ts";

export const GENERATION_STATUSES = ["running", "completed", "failed", "cancelled", "interrupted"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** One model call of a run, numbered 1, 2, 3, … in the run. */
export interface Generation {
  id: string;
  runId: string;
  seq: number;
  model: string;
  status: GenerationStatus;
  usage: GenerationUsage;
  /** US dollars, from the price table when it ended; null when its model had no price. */
  costUsd: number | null;
  error: string | null;
  startedAt: string;
  endedAt: string | null;
}

/** The tokens its provider reported, each null where it gave none. */
export interface GenerationUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  cachedTokens: number | null;
}

export type GenerationStore = ReturnType<typeof createGenerationStore>;

export function createGenerationStore(db: Kysely<Database>) {
  return {
    async start(runId: string, input: { model: string }): Promise<Generation> {
      return inTransaction(db, async (transaction) => {
        const now = timestamp();
        const [counter] = (await nextGenerationSeq(transaction, { runId, now })).rows;
        const row: Selectable<GenerationTable> = {
          id: newId("gen"),
          run_id: runId,
          seq: found(counter, "run", runId).last_generation_seq,
          model: input.model,
          status: "running",
          usage: null,
          input_tokens: null,
          output_tokens: null,
          cached_tokens: null,
          cost_usd: null,
          error: null,
          started_at: now,
          ended_at: null,
        };
        await insertGeneration(transaction, row);
        return toGeneration(row);
      });
    },

    /** Ends a running generation; one that already ended is left as it is. */
    async end(
      id: string,
      outcome: { status: Exclude<GenerationStatus, "running">; error?: string },
    ): Promise<Generation> {
      const ended = await db
        .updateTable("generation")
        .set({
          status: outcome.status,
          error: outcome.error ?? null,
          ended_at: timestamp(),
        })
        .where("id", "=", id)
        .where("status", "=", "running")
        .returningAll()
        .executeTakeFirst();
      return ended === undefined ? getGeneration(db, id) : toGeneration(ended);
    },

    /**
     * Ends a running generation with the tokens its provider reported and their cost (one update);
     * one the run's end had already ended keeps its end and gets the usage (recordUsage).
     */
    async endWithUsage(
      id: string,
      outcome: { status: Exclude<GenerationStatus, "running">; error?: string },
      usage: GenerationUsage,
      costUsd: number | null,
    ): Promise<void> {
      const ended = await endGenerationWithUsage(db, {
        id,
        status: outcome.status,
        error: outcome.error ?? null,
        ended_at: timestamp(),
        ...usageColumns(usage, costUsd),
      });
      if (ended.numAffectedRows === 0n) await recordUsage(db, id, usage, costUsd);
    },

    /**
     * The tokens the provider reported for it and their cost, once its answer is in: whether it
     * ended by itself or the run's end ended it first, the provider counted them.
     */
    recordUsage: (id: string, usage: GenerationUsage, costUsd: number | null): Promise<void> =>
      recordUsage(db, id, usage, costUsd),

    get: (id: string): Promise<Generation> => getGeneration(db, id),

    async list(runId: string): Promise<Generation[]> {
      const rows = await db
        .selectFrom("generation")
        .selectAll()
        .where("run_id", "=", runId)
        .orderBy("seq")
        .execute();
      return rows.map(toGeneration);
    },
  };
}

const nextGenerationSeq = compiledOnce((db, p: { runId: string; now: string }) =>
  db
    .updateTable("run")
    .set((update) => ({ last_generation_seq: update("last_generation_seq", "+", 1), updated_at: p.now }))
    .where("id", "=", p.runId)
    .returning("last_generation_seq"),
);

const insertGeneration = compiledOnce((db, row: Selectable<GenerationTable>) =>
  db.insertInto("generation").values(row),
);

const endGenerationWithUsage = compiledOnce(
  (
    db,
    {
      id,
      ...ending
    }: Pick<
      Selectable<GenerationTable>,
      "id" | "status" | "error" | "ended_at" | "input_tokens" | "output_tokens" | "cached_tokens" | "cost_usd"
    >,
  ) => db.updateTable("generation").set(ending).where("id", "=", id).where("status", "=", "running"),
);

/**
 * The tokens the provider reported for it and their cost, once its answer is in: whether it ended by
 * itself or the run's end ended it first, the provider counted them.
 */
async function recordUsage(
  db: Kysely<Database>,
  id: string,
  usage: GenerationUsage,
  costUsd: number | null,
): Promise<void> {
  await db.updateTable("generation").set(usageColumns(usage, costUsd)).where("id", "=", id).execute();
}

function usageColumns(usage: GenerationUsage, costUsd: number | null) {
  return {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    cached_tokens: usage.cachedTokens,
    cost_usd: costUsd,
  };
}

async function getGeneration(db: Kysely<Database>, id: string): Promise<Generation> {
  const row = await db.selectFrom("generation").selectAll().where("id", "=", id).executeTakeFirst();
  return toGeneration(found(row, "generation", id));
}

function toGeneration(row: Selectable<GenerationTable>): Generation {
  return {
    id: row.id,
    runId: row.run_id,
    seq: row.seq,
    model: row.model,
    status: storedEnum(GENERATION_STATUSES, row.status, "generation status"),
    usage: {
      inputTokens: row.input_tokens,
      outputTokens: row.output_tokens,
      cachedTokens: row.cached_tokens,
    },
    costUsd: row.cost_usd,
    error: row.error,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}
