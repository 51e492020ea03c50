/**
 * Our own faults, as opposed to outcomes a model reads (a failed command, a missing file), which are
 * results. `code` is stable and dotted `noun.reason` (`guild.exists`, `run.not_found`); clients match
 * on it, never on the message. The message says how to fix the fault. `status` is the HTTP status
 * the API answers with.
 */
export class AppError extends Error {
  override readonly name = "AppError";
  readonly status: number;

  constructor(
    readonly code: string,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = options.status ?? 500;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
