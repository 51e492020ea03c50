import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { setRequestId } from "./requestContext.ts";
import { REQUEST_ID_HEADER, requestIdFrom } from "./requestId.ts";
import type { ServerLogger } from "./serverLogger.ts";

/**
 * The app's first middleware: the request's id (its X-Request-Id when sane, else a new one) kept
 * with the request (requestContext.ts: its error's line, the lines of a run it starts) and in the
 * answer's header; then one line for the request, once
 * its answer is sent (an event stream's when it ends). The line holds the path, never the query
 * string or a header: the token stays out of the log.
 */
export function logRequests(logger: Pick<ServerLogger, "info"> | undefined): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.header(REQUEST_ID_HEADER, requestId);
    setRequestId(c, requestId);
    await next();
    // A handler's own Response misses the header set before it.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, requestId);
    if (logger === undefined) return;
    const line = (status: number, bytesSent: number | undefined) =>
      logger.info("request completed", {
        request_id: requestId,
        method: c.req.method,
        route: routePath(c),
        path: c.req.path,
        status,
        duration_ms: Math.round(performance.now() - started),
        bytes_sent: bytesSent,
      });
    const node = nodeExchangeOf(c);
    if (node === undefined) return line(c.res.status, contentLength(c.res.headers.get("Content-Length")));
    // Its close comes once the body is sent or the client has gone: an event stream's end. One
    // connection's answers are written one after another, so its count grows by this one's alone.
    const { outgoing, socket } = node;
    const before = socket.bytesWritten;
    outgoing.once("close", () => line(outgoing.statusCode, socket.bytesWritten - before));
  };
}

/** Served by @hono/node-server, the app gets Node's request and response (app.request: none). */
function nodeExchangeOf(c: Context): { outgoing: ServerResponse; socket: Socket } | undefined {
  const env: unknown = c.env;
  if (typeof env !== "object" || env === null || !("outgoing" in env) || !("incoming" in env))
    return undefined;
  const { incoming, outgoing } = env as { incoming: IncomingMessage; outgoing: ServerResponse };
  return { outgoing, socket: incoming.socket };
}

function contentLength(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
}
