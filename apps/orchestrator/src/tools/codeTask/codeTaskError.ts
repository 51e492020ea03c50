/**
 * Our own faults around a code_task, each with a stable code and a message that says how to fix it.
 * Outcomes of the harness's turn (failed, timed out, ...) are results, never these.
 */
export type CodeTaskErrorCode =
  /** The agent has no harness picked. */
  | "harness.missing"
  /** The server turns the agent's harness off (GUILDS_HARNESSES_OFF). */
  | "harness.off"
  /** The harness's CLI is not installed in the machine. */
  | "harness.not_installed"
  /** The harness has no credential: no login in the home, no API key among the secrets. */
  | "harness.no_credential"
  /** guilds-harness answered an op with an error, or with meta the protocol refuses. */
  | "harness.op_failed"
  /** The guild has no repository, or repo names none of them, or is missing with several. */
  | "repository.none"
  | "repository.unknown"
  | "repository.ambiguous"
  /** A note of notes is a collection or a script. */
  | "note.refused"
  /** A note of notes does not load. */
  | "note.missing";

export class CodeTaskError extends Error {
  override readonly name = "CodeTaskError";

  constructor(
    readonly code: CodeTaskErrorCode | (string & {}),
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
