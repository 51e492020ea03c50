/**
 * What one completed file_read of a run leaves for the "No repeated reads" rule: "Each file_read
 * records the file's path, the lines it returned (range), and the SHA-256 of the whole file
 * (content_hash)", with what decides whether it may be pointed to.
 */
export interface FileReadRecord {
  /** real_path when the helper gave one (links resolved), else path: what makes two reads one file. */
  file: string;
  /** First and last line returned; [0, 0] when none was (empty, binary, offset past the end). */
  range: readonly [number, number];
  /** SHA-256 of the whole file; undefined for a read that failed (the helper gives none). */
  contentHash: string | undefined;
  /** The seq of the message holding its result: the N of "unchanged since step N". */
  seq: number;
  /** Its result was cut by the platform's 64 KiB cap. */
  cut: boolean;
  /** Its result was itself a pointer to an earlier read (its meta holds repeat_of). */
  pointer: boolean;
}

/** A file_read as stored: its outcome, the helper's metadata, its result's seq and the pipeline's cut. */
export interface CompletedFileRead {
  ok: boolean;
  meta: Record<string, unknown>;
  seq: number;
  cut: boolean;
}

/** The helper's file_read metadata, as far as de-duplication reads it. */
export interface FileReadIdentity {
  /** As the header shows it: relative to the working directory. */
  path: string;
  file: string;
  range: readonly [number, number];
  contentHash: string | undefined;
  binary: boolean;
  repeatOf: number | undefined;
}

/** The record of a completed read; undefined when its metadata names no file (not a file_read). */
export function fileReadRecord(read: CompletedFileRead): FileReadRecord | undefined {
  const identity = fileReadIdentity(read.meta);
  if (identity === undefined) return undefined;
  return {
    file: identity.file,
    range: identity.range,
    contentHash: read.ok ? identity.contentHash : undefined,
    seq: read.seq,
    cut: read.cut,
    pointer: identity.repeatOf !== undefined,
  };
}

export function fileReadIdentity(meta: Record<string, unknown>): FileReadIdentity | undefined {
  const { path, real_path: realPath, range, content_hash: contentHash, binary, repeat_of: repeatOf } = meta;
  if (typeof path !== "string") return undefined;
  return {
    path,
    file: typeof realPath === "string" && realPath.length > 0 ? realPath : path,
    range: lineRange(range),
    contentHash: typeof contentHash === "string" && contentHash.length > 0 ? contentHash : undefined,
    binary: binary === true,
    repeatOf: typeof repeatOf === "number" ? repeatOf : undefined,
  };
}

/** A failed read has no range: it stands for no lines, like [0, 0]. */
function lineRange(value: unknown): readonly [number, number] {
  if (!Array.isArray(value) || value.length !== 2) return NO_LINES;
  const [first, last] = value;
  if (!Number.isInteger(first) || !Number.isInteger(last)) return NO_LINES;
  return [Number(first), Number(last)];
}

const NO_LINES: readonly [number, number] = [0, 0];
