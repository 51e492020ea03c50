import type { Machine } from "../../machines/machine.ts";

export interface ChangedFile {
  path: string;
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
}

/** `git diff --numstat` between two commits, inside the machine. */
export async function diffSummary(_machine: Machine, _input: DiffInput): Promise<TaskDiffSummary> {
  throw new Error("diffSummary: not implemented yet");
}

/** The unified diff between two commits (for the app's Diff view), bounded to maxBytes. */
export async function unifiedDiff(
  _machine: Machine,
  _input: DiffInput & { maxBytes: number },
): Promise<{ diff: string; truncated: boolean }> {
  throw new Error("unifiedDiff: not implemented yet");
}
