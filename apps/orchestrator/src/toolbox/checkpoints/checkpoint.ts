import { CHECKPOINT_TIMEOUT_MS } from "@guilds/protocol/harnessLimits";
import type { Machine } from "../../machines/machine.ts";
import { CheckpointError, gitSaid } from "./checkpointError.ts";
import { CHECKPOINT_IDENTITY, CHECKPOINT_SCRIPT } from "./checkpointScript.ts";
import { runForRepository } from "./repositoryCommand.ts";

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
  /** Default CHECKPOINT_TIMEOUT_MS. */
  timeoutMs?: number;
}

const COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * Records the working tree as it is (tracked changes, uncommitted and untracked files, ignored ones
 * left out) as a commit under `ref`, leaving the index, HEAD and the working tree untouched.
 * Returns the commit's sha. Runs inside the machine within CHECKPOINT_TIMEOUT_MS.
 *
 * The machine must be running. Throws CheckpointError checkpoint.failed (with git's last lines),
 * checkpoint.timeout or checkpoint.cancelled; the machine's own faults are its MachineErrors.
 */
export async function takeCheckpoint(machine: Machine, input: CheckpointInput): Promise<string> {
  if (!input.ref.startsWith("refs/")) throw new Error(`a checkpoint ref starts with refs/: ${input.ref}`);
  let stdout = "";
  const ran = await runForRepository(machine, {
    repoFolder: input.repoFolder,
    argv: [
      "bash",
      "-c",
      CHECKPOINT_SCRIPT,
      "checkpoint",
      input.repoFolder,
      input.ref,
      `checkpoint ${input.ref}`,
    ],
    env: CHECKPOINT_IDENTITY,
    timeoutMs: input.timeoutMs ?? CHECKPOINT_TIMEOUT_MS,
    signal: input.signal,
    what: "the checkpoint",
    onStdout: (chunk) => {
      // One line: the sha.
      if (stdout.length < 256) stdout += chunk.toString("utf8");
      return undefined;
    },
  });
  const sha = stdout.trim();
  if (ran.code === 0 && COMMIT_SHA.test(sha)) return sha;
  const how = ran.code === 0 ? `it printed ${JSON.stringify(sha)}, not a commit` : `exit ${ran.code}`;
  throw new CheckpointError(
    "checkpoint.failed",
    `The checkpoint of ${input.repoFolder} at ${input.ref} failed (${how}). ${gitSaid(ran.stderrLines)}`,
  );
}
