import type { LogFields, ServerLogger } from "../logging/serverLogger.ts";
import { secretTableUses } from "../metrics/secretTableUse.ts";
import { createRedactor, type Redactor } from "../pipeline/redactor.ts";
import type { SecretStore } from "../store/secretStore.ts";

export type { ServerLogger };

export interface RedactingLogger extends ServerLogger {
  /** Resolves once every line logged so far is written. */
  flush(): Promise<void>;
}

/**
 * The server's log with every secret hidden: each line (its message and every field) goes to `sink`
 * only after passing a redactor of every secret value of every guild, agent and repository (and
 * `serverValues`, the server's own keys). The secrets can change under the server (the CLI writes
 * them from another process), but a value reaches this process only through a statement on the
 * secret table (metrics/secretTableUse.ts): once one ran, the next line asks the store whether the
 * secrets changed (one cheap query) and only then rebuilds the redactor; until then a line is
 * written at once. Lines are written in the order they were logged. When the store cannot answer
 * (closed at shutdown), the last redactor is used.
 */
export function createRedactingLogger(
  sink: ServerLogger,
  secrets: Pick<SecretStore, "allValues" | "valuesVersion">,
  serverValues: readonly string[] = [],
): RedactingLogger {
  let version: string | undefined;
  let redactor = redactorOf(serverValues);
  /** secretTableUses() as of the last check, the check's own statements included; -1: never checked. */
  let checkedUses = -1;
  /** Lines waiting for a check: a later line waits behind them, to keep the order. */
  let waiting = 0;
  let written: Promise<void> = Promise.resolve();

  const check = async (): Promise<void> => {
    const uses = secretTableUses();
    try {
      const latest = await secrets.valuesVersion();
      let ownStatements = 1;
      if (latest !== version) {
        redactor = redactorOf([...(await secrets.allValues()), ...serverValues]);
        ownStatements += 1;
        version = latest;
      }
      // Another statement on the secret table meanwhile (a run reading its agent's) makes the
      // count larger than this, and the next line checks again.
      checkedUses = uses + ownStatements;
    } catch {
      // Keep the last one: the values it hides were secrets, and may still be.
    }
  };

  const write = (level: keyof ServerLogger, message: string, fields: LogFields | undefined) => {
    try {
      sink[level](redactor.redact(message), fields && redactedFields(fields, redactor));
    } catch {
      // A log that cannot be written (stderr closed) must not stop the lines after it.
    }
  };

  const line = (level: keyof ServerLogger) => (message: string, fields?: LogFields) => {
    if (waiting === 0 && secretTableUses() === checkedUses) return write(level, message, fields);
    waiting += 1;
    written = written.then(async () => {
      try {
        if (secretTableUses() !== checkedUses) await check();
        write(level, message, fields);
      } finally {
        waiting -= 1;
      }
    });
  };

  return { info: line("info"), warn: line("warn"), error: line("error"), flush: () => written };
}

function redactedFields(fields: LogFields, redactor: Redactor): LogFields {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === "string" ? redactor.redact(value) : value,
    ]),
  );
}

/** A value can also be printed percent-encoded, inside a URL (a clone URL with its token). */
function redactorOf(values: readonly string[]): Redactor {
  return createRedactor(values.flatMap((value) => [value, encodeURIComponent(value)]));
}
