// What changed between two checkpoints: the diffstat of the result, the unified diff of the app.
import { GuildsError } from "@guilds/protocol/guildsError";
import { CHECKPOINT_TIMEOUT_MS, TASK_CHANGED_FILES_MAX } from "@guilds/protocol/harnessLimits";
import type { Machine } from "../../machines/machine.ts";
import { gitSaid, runForRepository } from "./checkpoint.ts";

export interface ChangedFile {
  path: string;
  /** For a rename, where the file was before. */
  previousPath?: string;
  /** null for a binary file. */
  insertions: number | null;
  deletions: number | null;
}

/** The diffstat between two checkpoints, with at most TASK_CHANGED_FILES_MAX files listed. */
export interface TaskDiffSummary {
  filesChanged: number;
  insertions: number;
  deletions: number;
  /** The first files (at most 30), in git's order. */
  files: ChangedFile[];
  /** How many more files changed than are listed. */
  moreFiles: number;
}

export interface DiffInput {
  repoFolder: string;
  from: string;
  to: string;
  signal?: AbortSignal;
  /** Default CHECKPOINT_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * The same diff whatever the repository's config says: renames found, no colour, no external diff
 * or textconv program, a/ and b/ prefixes. --end-of-options: a commit is never read as an option.
 */
function diffArgv(input: DiffInput, format: string[]): string[] {
  return [
    "git",
    "-C",
    input.repoFolder,
    "diff",
    ...format,
    "--find-renames",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--src-prefix=a/",
    "--dst-prefix=b/",
    "--end-of-options",
    input.from,
    input.to,
    "--",
  ];
}

/** `git diff --numstat` between two commits, inside the machine. */
export async function diffSummary(machine: Machine, input: DiffInput): Promise<TaskDiffSummary> {
  const tally = new NumstatTally(TASK_CHANGED_FILES_MAX);
  const ran = await runForRepository(machine, {
    repoFolder: input.repoFolder,
    argv: diffArgv(input, ["--numstat", "-z"]),
    timeoutMs: input.timeoutMs ?? CHECKPOINT_TIMEOUT_MS,
    signal: input.signal,
    what: "the diffstat",
    onStdout: (chunk) => {
      tally.push(chunk);
      return undefined;
    },
  });
  if (ran.code !== 0) throw diffFailed(input, ran.code, ran.stderrLines);
  return tally.summary();
}

/** The unified diff between two commits (for the app's Diff view), bounded to maxBytes. */
export async function unifiedDiff(
  machine: Machine,
  input: DiffInput & { maxBytes: number },
): Promise<{ diff: string; truncated: boolean }> {
  const head = new HeadWithin(input.maxBytes);
  const ran = await runForRepository(machine, {
    repoFolder: input.repoFolder,
    argv: diffArgv(input, []),
    timeoutMs: input.timeoutMs ?? CHECKPOINT_TIMEOUT_MS,
    signal: input.signal,
    what: "the diff",
    onStdout: (chunk) => head.push(chunk),
  });
  if (!ran.stoppedEarly && ran.code !== 0) throw diffFailed(input, ran.code, ran.stderrLines);
  return { diff: head.text(), truncated: head.truncated };
}

function diffFailed(input: DiffInput, code: number | null, stderrLines: readonly string[]): GuildsError {
  return new GuildsError(
    "checkpoint.diff_failed",
    `git could not diff ${input.from} and ${input.to} in ${input.repoFolder} (exit ${code}). ${gitSaid(stderrLines)}`,
  );
}

/** The page writes the minus of "+<a> −<d>" as U+2212, not a hyphen. */
const MINUS = "\u2212";

/**
 * The result's diffstat, as the "Code tasks" page writes it: "<n> files changed, +<a> −<d>", then
 * "<path> (+a −d)" for each listed file ("(binary)" for a binary one), then "… N more files" past
 * them; "no files changed" alone when nothing changed. The page has no singular: 1 file reads
 * "1 files changed", and one more "… 1 more files".
 */
export function formatDiffstat(summary: TaskDiffSummary): string[] {
  if (summary.filesChanged === 0) return ["no files changed"];
  return [
    `${summary.filesChanged} files changed, +${summary.insertions} ${MINUS}${summary.deletions}`,
    ...summary.files.map(fileLine),
    ...(summary.moreFiles > 0 ? [`\u2026 ${summary.moreFiles} more files`] : []),
  ];
}

function fileLine(file: ChangedFile): string {
  const path = file.previousPath === undefined ? file.path : `${file.previousPath} \u2192 ${file.path}`;
  if (file.insertions === null || file.deletions === null) return `${path} (binary)`;
  return `${path} (+${file.insertions} ${MINUS}${file.deletions})`;
}

const NUL = 0;

/**
 * Tallies `git diff --numstat -z` as it streams: totals over every file, the first `keep` files
 * listed, nothing else held, so a change of any number of files costs the same memory.
 *
 * Each record is `<added>\t<deleted>\t<path>\0`, or for a rename `<added>\t<deleted>\t\0<old>\0<new>\0`;
 * a binary file's counts are `-`.
 */
export class NumstatTally {
  private filesChanged = 0;
  private insertions = 0;
  private deletions = 0;
  private readonly files: ChangedFile[] = [];
  /** The current field's bytes so far, when a chunk ended inside it. */
  private partial: Buffer[] = [];
  /** Inside a rename record: its counts, then its old path. */
  private rename: { counts: Counts; from?: string } | undefined;

  constructor(private readonly keep: number) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(NUL); end !== -1; end = chunk.indexOf(NUL, start)) {
      const piece = chunk.subarray(start, end);
      const field = this.partial.length === 0 ? piece : Buffer.concat([...this.partial, piece]);
      this.partial = [];
      this.field(field.toString("utf8"));
      start = end + 1;
    }
    if (start < chunk.length) this.partial.push(Buffer.from(chunk.subarray(start)));
  }

  summary(): TaskDiffSummary {
    return {
      filesChanged: this.filesChanged,
      insertions: this.insertions,
      deletions: this.deletions,
      files: [...this.files],
      moreFiles: this.filesChanged - this.files.length,
    };
  }

  private field(text: string): void {
    if (this.rename) {
      if (this.rename.from === undefined) {
        this.rename.from = text;
        return;
      }
      const { counts, from } = this.rename;
      this.rename = undefined;
      this.add({ path: text, previousPath: from, ...counts });
      return;
    }
    const firstTab = text.indexOf("\t");
    const secondTab = text.indexOf("\t", firstTab + 1);
    if (firstTab === -1 || secondTab === -1) throw new Error(`not a numstat record: ${text.slice(0, 200)}`);
    const counts = {
      insertions: count(text.slice(0, firstTab)),
      deletions: count(text.slice(firstTab + 1, secondTab)),
    };
    const path = text.slice(secondTab + 1);
    if (path === "") this.rename = { counts };
    else this.add({ path, ...counts });
  }

  private add(file: ChangedFile): void {
    this.filesChanged += 1;
    this.insertions += file.insertions ?? 0;
    this.deletions += file.deletions ?? 0;
    if (this.files.length < this.keep) this.files.push(file);
  }
}

interface Counts {
  insertions: number | null;
  deletions: number | null;
}

/** A count, or null for a binary file's "-". */
function count(text: string): number | null {
  if (text === "-") return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a numstat count: ${text}`);
  return value;
}

/**
 * The start of a stream, at most `maxBytes`, read until one byte more shows that it goes on. The
 * kept text ends at a line's end when a cut was needed (a diff line is never shown half), or, with
 * no line end within the bound, before a character the bound would split.
 */
export class HeadWithin {
  private readonly chunks: Buffer[] = [];
  private keptBytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** "enough" once more than maxBytes came: the rest is not needed. */
  push(chunk: Buffer): "enough" | undefined {
    const room = this.maxBytes + 1 - this.keptBytes;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(kept);
    this.keptBytes += kept.length;
    return this.keptBytes > this.maxBytes ? "enough" : undefined;
  }

  get truncated(): boolean {
    return this.keptBytes > this.maxBytes;
  }

  text(): string {
    const all = Buffer.concat(this.chunks);
    if (!this.truncated) return all.toString("utf8");
    return all.subarray(0, cutAt(all, this.maxBytes)).toString("utf8");
  }
}

/** Where to cut `bytes` (longer than maxBytes): after the last line end within, else on a character boundary. */
function cutAt(bytes: Buffer, maxBytes: number): number {
  const lastNewline = bytes.lastIndexOf(10, maxBytes - 1);
  if (lastNewline !== -1) return lastNewline + 1;
  let cut = maxBytes;
  // UTF-8 continuation bytes are 10xxxxxx.
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return cut;
}
