// Task checkpoints: the working tree recorded as a commit under a ref, by git inside the machine.
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { CHECKPOINT_TIMEOUT_MS } from "@guilds/protocol/harnessLimits";
import { HELPER_STDERR_TAIL_BYTES as STDERR_TAIL_BYTES } from "@guilds/protocol/limits";
import { stopProcess } from "@guilds/runtime/exitingProcessStop";
import type { Machine } from "../../machines/machine.ts";
import { STDERR_TAIL_LINES } from "../../repos/machineCommand.ts";
import { collectInto, TailBuffer } from "../../toolbox/boundedOutput.ts";

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
 * The machine must be running. Throws GuildsError checkpoint.failed (with git's last lines),
 * checkpoint.timeout or checkpoint.cancelled; the machine's own faults keep their machine.* codes.
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
  throw new GuildsError(
    "checkpoint.failed",
    `The checkpoint of ${input.repoFolder} at ${input.ref} failed (${how}). ${gitSaid(ran.stderrLines)}`,
  );
}

const REV_PARSE_TIMEOUT_MS = 30_000;

/** The commit a checkpoint ref points to in repos/<repository>, or null when there is none. */
export async function checkpointSha(
  machine: Machine,
  repository: string,
  ref: string,
): Promise<string | null> {
  const repoFolder = `repos/${repository}`;
  let stdout = "";
  const ran = await runForRepository(machine, {
    repoFolder,
    argv: [
      "git",
      "-C",
      repoFolder,
      "rev-parse",
      "--verify",
      "--quiet",
      "--end-of-options",
      `${ref}^{commit}`,
    ],
    timeoutMs: REV_PARSE_TIMEOUT_MS,
    what: "the checkpoint's commit",
    onStdout: (chunk) => {
      if (stdout.length < 256) stdout += chunk.toString("utf8");
      return undefined;
    },
  });
  const sha = stdout.trim();
  return ran.code === 0 && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
}

/**
 * The checkpoint in git plumbing, as one bash script: `bash -c CHECKPOINT_SCRIPT checkpoint <folder>
 * <ref> <message>` prints the commit's sha. It stages everything into a temporary index, never the
 * real one, so the index, HEAD and the working tree stay as they were.
 *
 * - The temporary index starts as a copy of the real one, so `git add -A` rehashes only the files
 *   whose stat changed. `cp -p` keeps its mtime: git judges "racily clean" entries (a file changed
 *   in the second the index was written) against the index file's mtime, and a fresh mtime would
 *   hide such a change.
 * - It lives in the git dir (always writable by whoever owns the repository) and is removed on the
 *   way out, on TERM too. `git add` takes `<index>.lock` beside it, never the real index.lock, so a
 *   checkpoint works while another git command holds the repository's index.
 * - One rev-parse gives the git dir and HEAD's commit; it exits 1 when HEAD is unborn (no commit
 *   yet), and the checkpoint then has no parent. Every git process counts: a checkpoint is a few
 *   of them, each started in the sandbox.
 * - commit-tree signs when commit.gpgSign is set: --no-gpg-sign, a checkpoint is not a commit of
 *   the agent's.
 */
export const CHECKPOINT_SCRIPT = `set -eu
folder=$1 ref=$2 message=$3
cd -- "$folder"
status=0
found=$(git rev-parse --absolute-git-dir --verify -q 'HEAD^{commit}') || status=$?
if [ "$status" -gt 1 ]; then exit "$status"; fi
git_dir=\${found%%$'\\n'*}
parent=\${found#"$git_dir"}
parent=\${parent#$'\\n'}
index="$git_dir/guilds-checkpoint-index.$$"
trap 'rm -f -- "$index" "$index.lock"' EXIT
trap 'exit 143' TERM INT HUP
if [ -f "$git_dir/index" ]; then cp -p -- "$git_dir/index" "$index"; fi
export GIT_INDEX_FILE=$index
git add -A
tree=$(git write-tree)
if [ -n "$parent" ]; then
  commit=$(git commit-tree --no-gpg-sign -p "$parent" -m "$message" "$tree")
else
  commit=$(git commit-tree --no-gpg-sign -m "$message" "$tree")
fi
git update-ref -m "$message" "$ref" "$commit"
printf '%s\\n' "$commit"
`;

/** The checkpoint's author and committer, whatever git config the machine has (or lacks). */
export const CHECKPOINT_IDENTITY: Record<string, string> = {
  GIT_AUTHOR_NAME: "guilds",
  GIT_AUTHOR_EMAIL: "guilds@localhost",
  GIT_COMMITTER_NAME: "guilds",
  GIT_COMMITTER_EMAIL: "guilds@localhost",
};

/** TERM, then KILL this long after, for a command stopped at its deadline, on a cancel, or once read enough. */
const KILL_GRACE_MS = 2_000;

export interface RepositoryCommand {
  /** Home-relative folder of the repository: repos/<name>. */
  repoFolder: string;
  /** Run from the home; the command itself goes into repoFolder (git -C, cd). */
  argv: string[];
  /** Added to the machine's base environment and the repository's git environment. */
  env?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  /** What the command is, for the timeout and cancel messages: "the checkpoint", "the diff". */
  what: string;
  /**
   * Each chunk of stdout as it comes, so no output is held whole. Returning "enough" stops the
   * command: what it would print next is not wanted. Throwing stops it too, and the call throws that.
   */
  onStdout?(chunk: Buffer): "enough" | undefined;
}

export interface RepositoryCommandResult {
  /** The exit code; null when it was killed, by a signal or because onStdout had enough. */
  code: number | null;
  /** onStdout had enough and the command was stopped. */
  stoppedEarly: boolean;
  stderrLines: string[];
}

/**
 * Runs one command for a repository inside the machine to its end, streaming its stdout, within its
 * deadline and the caller's signal. Throws GuildsError checkpoint.timeout / checkpoint.cancelled,
 * and machine.exec_failed when the machine loses the process; a failing command is a result.
 */
export async function runForRepository(
  machine: Machine,
  command: RepositoryCommand,
): Promise<RepositoryCommandResult> {
  if (command.signal?.aborted) throw cancelled(command.what);
  const child = machine.exec({
    argv: command.argv,
    env: { ...machine.baseEnv, ...repositoryGitEnv(machine, command.repoFolder), ...command.env },
    cwd: machine.home,
  });
  const stderr = new TailBuffer(STDERR_TAIL_BYTES);
  collectInto(child.stderr, stderr);
  let ending: "deadline" | "cancelled" | "enough" | "unreadable" | undefined;
  let unreadable: unknown;
  let stopping: Promise<void> | undefined;
  const stop = (why: NonNullable<typeof ending>) => {
    if (ending) return;
    ending = why;
    stopping = stopProcess(child, KILL_GRACE_MS);
  };
  child.stdout.on("data", (chunk: Buffer) => {
    if (ending) return;
    try {
      if (command.onStdout?.(chunk) === "enough") stop("enough");
    } catch (caught) {
      unreadable = caught;
      stop("unreadable");
    }
  });
  child.stdout.on("error", () => {});
  const deadline = setTimeout(() => stop("deadline"), command.timeoutMs);
  const onAbort = () => stop("cancelled");
  command.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    // Rejects with machine.exec_failed when the machine loses the process.
    const exit = await child.exit;
    await stopping;
    if (ending === "deadline") {
      throw new GuildsError(
        "checkpoint.timeout",
        `${capitalized(command.what)} in ${command.repoFolder} took longer than ${command.timeoutMs / 1000} s and was stopped.`,
      );
    }
    if (ending === "cancelled") throw cancelled(command.what);
    if (ending === "unreadable") throw unreadable;
    return {
      code: exit.code,
      stoppedEarly: ending === "enough",
      stderrLines: stderr.lastLines(STDERR_TAIL_LINES),
    };
  } finally {
    clearTimeout(deadline);
    command.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Every git command for a repository: no prompt, and no repository looked for above repos/<name>, so
 * a folder that is not a repository is an error even inside another one.
 */
function repositoryGitEnv(machine: Machine, repoFolder: string): Record<string, string> {
  return {
    GIT_TERMINAL_PROMPT: "0",
    GIT_CEILING_DIRECTORIES: path.posix.dirname(path.posix.join(machine.home, repoFolder)),
  };
}

function cancelled(what: string): GuildsError {
  return new GuildsError("checkpoint.cancelled", `${capitalized(what)} was cancelled and stopped.`);
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** "git said:" and git's last lines, or that it printed nothing. */
export function gitSaid(stderrLines: readonly string[]): string {
  if (stderrLines.length === 0) return "git printed nothing.";
  return `git said:\n${stderrLines.map((line) => `  ${line}`).join("\n")}`;
}
