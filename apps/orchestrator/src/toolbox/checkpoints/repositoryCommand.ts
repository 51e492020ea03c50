import path from "node:path";
import { HELPER_STDERR_TAIL_BYTES as STDERR_TAIL_BYTES } from "@guilds/protocol/limits";
import { stopProcess } from "@guilds/runtime/exitingProcessStop";
import type { Machine } from "../../machines/machine.ts";
import { STDERR_TAIL_LINES } from "../../repos/machineCommand.ts";
import { collectInto, TailBuffer } from "../boundedOutput.ts";
import { CheckpointError } from "./checkpointError.ts";

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
 * deadline and the caller's signal. Throws CheckpointError checkpoint.timeout / checkpoint.cancelled,
 * and the machine's own MachineError when it loses the process; a failing command is a result.
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
    // Rejects with a MachineError when the machine loses the process.
    const exit = await child.exit;
    await stopping;
    if (ending === "deadline") {
      throw new CheckpointError(
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

function cancelled(what: string): CheckpointError {
  return new CheckpointError("checkpoint.cancelled", `${capitalized(what)} was cancelled and stopped.`);
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
