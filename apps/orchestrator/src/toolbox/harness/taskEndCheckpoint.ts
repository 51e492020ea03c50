import type { Machine } from "../../machines/machine.ts";
import { checkpointRef, takeCheckpoint } from "../checkpoints/checkpoint.ts";
import { diffSummary, type TaskDiffSummary } from "../checkpoints/taskDiff.ts";

export interface EndCheckpoint {
  sha: string | null;
  /** The diffstat since the start checkpoint. */
  diff: TaskDiffSummary | null;
  /** Why there is no end checkpoint or no diffstat, as a detail line; null when both are there. */
  problem: string | null;
}

/**
 * Step 10: the end checkpoint at …/tasks/<call id>/end and the diffstat since `start` (a commit or
 * a ref). A checkpoint that fails does not hide the harness's result: it becomes a detail line.
 */
export async function takeEndCheckpoint(
  task: { machine: Machine; runId: string; callId: string },
  repository: string,
  start: string,
): Promise<EndCheckpoint> {
  const repoFolder = `repos/${repository}`;
  let sha: string;
  try {
    // A restart of the machine mid-task (its state gone) leaves it to be woken again.
    await task.machine.start();
    sha = await takeCheckpoint(task.machine, {
      repoFolder,
      ref: checkpointRef(task.runId, task.callId, "end"),
    });
  } catch (caught) {
    return { sha: null, diff: null, problem: `The end checkpoint could not be taken: ${reason(caught)}` };
  }
  try {
    const diff = await diffSummary(task.machine, { repoFolder, from: start, to: sha });
    return { sha, diff, problem: null };
  } catch (caught) {
    return { sha, diff: null, problem: `The diffstat could not be read: ${reason(caught)}` };
  }
}

function reason(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
