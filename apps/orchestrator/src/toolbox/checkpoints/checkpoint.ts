import type { Machine } from "../../machines/machine.ts";

/** refs/guild/runs/<run id>/tasks/<call id>/start and /end */
export function checkpointRef(runId: string, callId: string, which: "start" | "end"): string {
  return `refs/guild/runs/${runId}/tasks/${callId}/${which}`;
}

export interface CheckpointInput {
  /** Home-relative folder of the repository: repos/<name>. */
  repoFolder: string;
  /** The full ref to write (checkpointRef). */
  ref: string;
  signal?: AbortSignal;
}

/**
 * Records the working tree as it is (tracked changes, uncommitted and untracked files, ignored ones
 * left out) as a commit under `ref`, leaving the index, HEAD and the working tree untouched.
 * Returns the commit's sha. Runs inside the machine within CHECKPOINT_TIMEOUT_MS.
 */
export async function takeCheckpoint(_machine: Machine, _input: CheckpointInput): Promise<string> {
  throw new Error("takeCheckpoint: not implemented yet");
}
