/** What a log line holds besides its message: plain values, never content (messages, tool results). */
export type LogFields = Readonly<Record<string, string | number | boolean | undefined>>;

/** Every line of the server goes through one of these, redacted first (app/redactingLogger.ts). */
export interface ServerLogger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * Marks a line written for the operator at a terminal (where the server listens, what to do next):
 * a terminal shows its message alone.
 */
export const NOTICE: LogFields = { notice: true };
