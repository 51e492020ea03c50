import { CHECKPOINT_TIMEOUT_MS, TASK_CHANGED_FILES_MAX } from "@guilds/protocol/harnessLimits";
import type { Machine } from "../../machines/machine.ts";
import { CheckpointError, gitSaid } from "./checkpointError.ts";
import { HeadWithin } from "./headWithin.ts";
import { NumstatTally } from "./numstatTally.ts";
import { runForRepository } from "./repositoryCommand.ts";

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

function diffFailed(input: DiffInput, code: number | null, stderrLines: readonly string[]): CheckpointError {
  return new CheckpointError(
    "checkpoint.diff_failed",
    `git could not diff ${input.from} and ${input.to} in ${input.repoFolder} (exit ${code}). ${gitSaid(stderrLines)}`,
  );
}
