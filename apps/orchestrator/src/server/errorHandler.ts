import type { ApiErrorBody } from "@guilds/protocol/apiErrorBody";
import { type ErrorCode, httpStatusOf } from "@guilds/protocol/errorCodes";
import { isGuildsError } from "@guilds/protocol/guildsError";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { requestIdOf } from "../logging/requestContext.ts";
import type { LogFields } from "../logging/serverLogger.ts";
import { asStorageFull } from "../store/storageFull.ts";

/**
 * Redacts what it is given (startServices passes its RedactingLogger): an error's message or stack
 * can hold a secret, a clone URL's token say, and is logged as it is.
 */
export interface ErrorLogger {
  error(message: string, fields?: LogFields): void;
}

/**
 * The app's one onError: a GuildsError answers with its code, the code's status (the one table in
 * @guilds/protocol/errorCodes) and its message; anything else is a 500 whose message names no
 * internals (the details go to the server's log only).
 */
export function createErrorHandler(logger: ErrorLogger) {
  return (error: Error, c: Context): Response => {
    if (isGuildsError(error)) return errorResponse(c, error.code, error.message);
    // PostgreSQL's disk_full reaches here as the driver's error.
    const full = asStorageFull(error);
    if (full !== undefined) return errorResponse(c, full.code, full.message);
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, "request.rejected", error.message || "The request was rejected.", error.status);
    }
    const requestId = requestIdOf(c);
    logger.error(
      `${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`,
      requestId === undefined ? undefined : { request_id: requestId },
    );
    return errorResponse(
      c,
      "server.internal",
      "The server failed on this request; the details are in its log. Retry, and report it if it persists.",
    );
  };
}

/** The JSON error body with the code's status (hono's own 4xx keep theirs: see request.rejected). */
export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  status: number = httpStatusOf(code),
): Response {
  const body: ApiErrorBody = { error: { code, message } };
  return c.json(body, status as ContentfulStatusCode);
}
