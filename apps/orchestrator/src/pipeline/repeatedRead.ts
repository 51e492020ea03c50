import { type FileReadRecord, fileReadIdentity } from "./fileReadRecord.ts";

/** "<path> lines a–b: unchanged since step N; read that result." (an EN DASH between a and b) */
export function repeatedReadText(path: string, range: readonly [number, number], seq: number): string {
  return `${path} lines ${range[0]}\u2013${range[1]}: unchanged since step ${seq}; read that result.`;
}

/** A tool result as the helper gave it, before the platform pipeline. */
export interface ReadResult {
  ok: boolean;
  text: string;
  meta: Record<string, unknown>;
}

/**
 * "No repeated reads": a file_read whose lines an earlier read of the same run already returned,
 * with the same content_hash, gives one line pointing to that read, and records repeat_of: N. The
 * helper has run (the hash and the range it returned are known); only its text is replaced. The
 * result itself when it is not a repeat. `history` holds this run's reads only: a read of another
 * run never counts.
 */
export function replaceRepeatedRead(result: ReadResult, history: readonly FileReadRecord[]): ReadResult {
  const repeatOf = findRepeatOf(result, history);
  if (repeatOf === undefined) return result;
  const identity = fileReadIdentity(result.meta);
  if (identity === undefined) return result;
  return {
    ok: true,
    text: repeatedReadText(identity.path, identity.range, repeatOf),
    meta: { ...result.meta, repeat_of: repeatOf },
  };
}

/**
 * The seq of the earlier read this one repeats, or undefined. The earlier read counts only when
 * "it did not fail, was not cut by the output pipeline, and was not itself a pointer", read the
 * same file (links resolved) with the same hash, and returned every line of this read's range.
 * When several do, the most recent (highest seq) is named: the closest result to read back.
 */
export function findRepeatOf(
  result: Pick<ReadResult, "ok" | "meta">,
  history: readonly FileReadRecord[],
): number | undefined {
  const read = result.ok ? fileReadIdentity(result.meta) : undefined;
  // Empty files, offsets past the end and binary files return no lines: nothing to point to.
  if (read?.contentHash === undefined || read.binary || read.repeatOf !== undefined) return undefined;
  const [first, last] = read.range;
  if (first < 1 || last < first) return undefined;
  let found: number | undefined;
  for (const earlier of history) {
    const counts =
      earlier.contentHash !== undefined &&
      !earlier.cut &&
      !earlier.pointer &&
      earlier.file === read.file &&
      earlier.contentHash === read.contentHash &&
      earlier.range[0] <= first &&
      last <= earlier.range[1];
    if (counts && (found === undefined || earlier.seq > found)) found = earlier.seq;
  }
  return found;
}
