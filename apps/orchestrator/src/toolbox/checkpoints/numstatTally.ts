import type { ChangedFile, TaskDiffSummary } from "./taskDiff.ts";

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
