import type { Context } from "hono";

/**
 * The id of each request being handled, by its Request: set by the first middleware (accessLog.ts),
 * read where a line is logged for the request. Carried by the request itself, not by an
 * AsyncLocalStorage, whose promise hooks would tax every promise of the process (bench/README.md,
 * issue 18).
 */
const requestIds = new WeakMap<Request, string>();

export function setRequestId(c: Context, requestId: string): void {
  requestIds.set(c.req.raw, requestId);
}

/** Undefined for a request the first middleware did not see. */
export function requestIdOf(c: Context): string | undefined {
  return requestIds.get(c.req.raw);
}
