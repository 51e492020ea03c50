import { AppError } from "../../errors.ts";

/**
 * Our own faults around a task checkpoint or its diff. Each code is stable; each message says what
 * failed and, for git's own failures, the last lines git printed.
 */
export type CheckpointErrorCode =
  /** git refused the checkpoint: not a repository, no such folder, an object that could not be written. */
  | "checkpoint.failed"
  /** git could not diff the two checkpoints: an unknown commit, a repository gone. */
  | "checkpoint.diff_failed"
  /** The command passed its deadline and was stopped. */
  | "checkpoint.timeout"
  /** The caller's signal aborted the command, which was stopped. */
  | "checkpoint.cancelled";

export class CheckpointError extends AppError {
  constructor(
    override readonly code: CheckpointErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, { status: code === "checkpoint.timeout" ? 504 : 502, cause: options?.cause });
  }
}

/** "git said:" and git's last lines, or that it printed nothing. */
export function gitSaid(stderrLines: readonly string[]): string {
  if (stderrLines.length === 0) return "git printed nothing.";
  return `git said:\n${stderrLines.map((line) => `  ${line}`).join("\n")}`;
}
