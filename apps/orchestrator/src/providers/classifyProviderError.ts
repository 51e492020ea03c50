import type { ErrorCode } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";
import { APICallError, LoadAPIKeyError, RetryError } from "ai";

/** What an error message needs to say how to fix a failed call to one server. */
export interface ServerDescription {
  /** "Anthropic", "OpenAI", "the OpenAI-compatible server"; capitalised where it starts a sentence. */
  name: string;
  /** The API root the requests go to, without credentials. */
  endpoint: string;
  model: string;
  /** Which key or secret to set, as a sentence. */
  keyAdvice: string;
}

type ProviderErrorCode = Extract<ErrorCode, `provider.${string}`>;

/** HTTP statuses that mean the request itself is wrong: an unknown model, a prompt too long. */
const REJECTED_STATUSES = new Set([400, 404, 413, 422]);

/** Turns whatever the AI SDK threw or streamed into one of our coded errors. */
export function classifyProviderError(
  error: unknown,
  server: ServerDescription,
  signal: AbortSignal | undefined,
): GuildsError {
  const fail = (code: ProviderErrorCode, message: string) => new GuildsError(code, message, { cause: error });
  if (signal?.aborted === true || isAbortError(error)) {
    return fail("provider.cancelled", "The generation was cancelled.");
  }
  // After retries the SDK wraps the last failure; that one says what went wrong.
  const retried = RetryError.isInstance(error);
  const cause = retried && error.lastError !== undefined ? error.lastError : error;
  const attempts = retried ? ` after ${error.errors.length} attempts` : "";
  const who = capitalized(server.name);

  if (LoadAPIKeyError.isInstance(cause))
    return fail("provider.auth", `No API key for ${server.name}. ${server.keyAdvice}`);
  if (!APICallError.isInstance(cause)) {
    // An error event inside a stream that had started: Anthropic's { type, message }, OpenAI's error chunk.
    const message = errorMessage(cause);
    if (remoteErrorType(cause) === "rate_limit_error") {
      return fail("provider.rate_limited", rateLimited(who, message));
    }
    return fail("provider.error", `${who} failed${attempts}: ${message}. Try again later.`);
  }

  const status = cause.statusCode;
  if (status === undefined) {
    return fail(
      "provider.unreachable",
      `Cannot reach ${server.name} at ${server.endpoint}${attempts}: ${networkReason(cause)}. ` +
        "Check the base URL and that the server is running.",
    );
  }
  const detail = `HTTP ${status}: ${cause.message}`;
  if (status === 401 || status === 403) {
    return fail("provider.auth", `${who} refused the API key (${detail}). ${server.keyAdvice}`);
  }
  if (status === 429) return fail("provider.rate_limited", rateLimited(who, detail));
  if (REJECTED_STATUSES.has(status)) {
    return fail(
      "provider.rejected",
      `${who} refused the request (${detail}). Check the model "${server.model}" and the base URL ${server.endpoint}.`,
    );
  }
  return fail("provider.error", `${who} failed${attempts} (${detail}). Try again later.`);
}

function rateLimited(who: string, detail: string): string {
  return `${who} is rate limiting this key (${detail}). Wait before sending the next message, or raise the key's limits.`;
}

/** "connect ECONNREFUSED 127.0.0.1:9" rather than the SDK's "Cannot connect to API: fetch failed". */
function networkReason(error: APICallError): string {
  let reason = error.message;
  let cause: unknown = error.cause;
  while (cause instanceof Error) {
    reason = cause.message;
    cause = cause.cause;
  }
  return reason;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error) return String(error.message);
  return String(error);
}

function remoteErrorType(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("type" in error)) return undefined;
  return String(error.type);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
