import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "./database.ts";

/** An earlier file_read that a repeated read may point to. */
export interface EarlierFileRead {
  /** The message seq of its result: the N of "unchanged since step N". */
  seq: number;
  /** As the header showed it, relative to the working directory then. */
  path: string;
  /** The file inside the machine with links resolved, when the helper reported it: what to compare. */
  realPath: string | undefined;
  /** First and last line it returned. */
  range: [number, number];
  /** SHA-256 of the whole file when it was read. */
  contentHash: string;
}

/** The fields of FileReadMeta (protocol) the comparison needs. */
const StoredFileReadMeta = z.object({
  path: z.string(),
  real_path: z.string().optional(),
  range: z.tuple([z.number().int(), z.number().int()]),
  content_hash: z.string(),
});

/**
 * The run's file_reads that count for de-duplication ("Code tools": the earlier read counts only
 * when it did not fail, was not cut by the output pipeline, and was not itself a pointer), oldest
 * first. A read that returned no lines (empty file, offset past the end, binary) has range [0, 0]
 * and is left out: it returned nothing to point to.
 */
export async function fileReadHistory(db: Kysely<Database>, runId: string): Promise<EarlierFileRead[]> {
  const rows = await db
    .selectFrom("tool_call")
    .select(["result_seq", "metadata"])
    .where("run_id", "=", runId)
    .where("tool", "=", "file_read")
    .where("status", "=", "completed")
    .where("result_cut", "=", 0)
    .where("repeat_of", "is", null)
    .where("result_seq", "is not", null)
    .orderBy("result_seq")
    .execute();
  const reads: EarlierFileRead[] = [];
  for (const row of rows) {
    const meta = StoredFileReadMeta.safeParse(safeJson(row.metadata));
    if (row.result_seq === null || !meta.success || meta.data.range[0] < 1) continue;
    reads.push({
      seq: row.result_seq,
      path: meta.data.path,
      realPath: meta.data.real_path,
      range: meta.data.range,
      contentHash: meta.data.content_hash,
    });
  }
  return reads;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
