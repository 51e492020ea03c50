import { type ErrorCode, httpStatusOf } from "./errorCodes.ts";

/**
 * Our own faults, as opposed to outcomes a model reads (a failed command, a missing file), which are
 * results. `code` comes from the one code table (errorCodes.ts), which also gives the HTTP status the
 * API answers with; clients match on the code, never on the message. The message says how to fix
 * the fault. The server and the helpers throw it alike; a helper's envelope carries it as
 * `{ code, message }`.
 * @example throw new GuildsError("run.not_found", `No run "r1"; list them to find the right one.`);
 */
export class GuildsError extends Error {
  override readonly name: string = "GuildsError";

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The HTTP status the API answers the code with, from the code table. */
  get status(): number {
    return httpStatusOf(this.code);
  }
}

export function isGuildsError(value: unknown): value is GuildsError {
  return value instanceof GuildsError;
}
