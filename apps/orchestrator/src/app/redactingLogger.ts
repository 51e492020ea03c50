import { currentRequestId } from "../logging/requestContext.ts";
import type { LogFields, ServerLogger } from "../logging/serverLogger.ts";
import { createRedactor, type Redactor } from "../pipeline/redactor.ts";
import type { SecretStore } from "../store/secretStore.ts";

export type { ServerLogger };

export interface RedactingLogger extends ServerLogger {
  /** Resolves once every line logged so far is written. */
  flush(): Promise<void>;
}

/**
 * The server's log with every secret hidden: each line (its message and every field) goes to `sink`,
 * with the id of the request being handled if any, only after passing a redactor
 * of every secret value of every guild, agent and repository (and `serverValues`, the server's own
 * keys). The secrets can change under the server (the CLI writes them from another process), so
 * before each line one cheap query asks whether they did, and only then is the redactor rebuilt.
 * Lines are written in the order they were logged, a moment later. When the store cannot answer
 * (closed at shutdown), the last redactor is used.
 */
export function createRedactingLogger(
  sink: ServerLogger,
  secrets: Pick<SecretStore, "allValues" | "valuesVersion">,
  serverValues: readonly string[] = [],
): RedactingLogger {
  let version: string | undefined;
  let redactor = redactorOf(serverValues);
  let written: Promise<void> = Promise.resolve();

  const currentRedactor = async (): Promise<Redactor> => {
    try {
      const latest = await secrets.valuesVersion();
      if (latest !== version) {
        redactor = redactorOf([...(await secrets.allValues()), ...serverValues]);
        version = latest;
      }
    } catch {
      // Keep the last one: the values it hides were secrets, and may still be.
    }
    return redactor;
  };

  const line = (level: keyof ServerLogger) => (message: string, fields?: LogFields) => {
    const requestId = currentRequestId();
    const withRequest = requestId === undefined ? fields : { request_id: requestId, ...fields };
    written = written.then(async () => {
      const redactor = await currentRedactor();
      try {
        sink[level](redactor.redact(message), withRequest && redactedFields(withRequest, redactor));
      } catch {
        // A log that cannot be written (stderr closed) must not stop the lines after it.
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
