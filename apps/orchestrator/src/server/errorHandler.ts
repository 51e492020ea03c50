import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isAppError } from "../errors.ts";
import { asStorageFull } from "../store/storageFull.ts";
import type { ApiErrorBody } from "./apiError.ts";

/**
 * Redacts what it is given (startServices passes its RedactingLogger): an error's message or stack
 * can hold a secret, a clone URL's token say, and is logged as it is.
 */
export interface ErrorLogger {
  error(message: string): void;
}

/**
 * The app's one onError: an AppError answers with its status, code and message; anything else is a
 * 500 whose message names no internals (the details go to the server's log only).
 */
export function createErrorHandler(logger: ErrorLogger) {
  return (error: Error, c: Context): Response => {
    if (isAppError(error)) return errorResponse(c, error.status, error.code, error.message);
    // PostgreSQL's disk_full reaches here as the driver's error.
    const full = asStorageFull(error);
    if (full !== undefined) return errorResponse(c, full.status, full.code, full.message);
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, error.status, "request.rejected", error.message || "The request was rejected.");
    }
    logger.error(`${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`);
    return errorResponse(
      c,
      500,
      "server.internal",
      "The server failed on this request; the details are in its log. Retry, and report it if it persists.",
    );
  };
}

export function errorResponse(c: Context, status: number, code: string, message: string): Response {
  const body: ApiErrorBody = { error: { code, message } };
  return c.json(body, status as ContentfulStatusCode);
}
