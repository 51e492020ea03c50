import { createHash, timingSafeEqual } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import type { Context, Hono } from "hono";
import { collectProcessMetrics, metricsRegistry } from "../metrics/metricsRegistry.ts";
import { countRunsFrom, type RunCounts } from "../metrics/runMetrics.ts";
import { errorResponse } from "./errorHandler.ts";

/**
 * GET /metrics in Prometheus' text format. Its labels are bounded (tools, statuses, routes, limits:
 * never an id, a path or a message), yet the numbers tell how busy the server is: with
 * GUILDS_METRICS_TOKEN set it wants `Authorization: Bearer <that token>`, else it answers only a
 * client on this host (loopback).
 */
export function addMetricsRoute(
  app: Hono,
  options: { token: string | undefined; runCounts: RunCounts },
): void {
  collectProcessMetrics();
  countRunsFrom(options.runCounts);
  const allowed = options.token === undefined ? fromLoopback : bearerOf(options.token);
  app.get("/metrics", async (c) => {
    const refusal = allowed(c);
    if (refusal !== undefined) return refusal;
    return c.body(await metricsRegistry.metrics(), 200, {
      "Content-Type": metricsRegistry.contentType,
      "Cache-Control": "no-store",
    });
  });
}

type Access = (c: Context) => Response | undefined;

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** app.request() in a test has no connection: it is this process. */
const fromLoopback: Access = (c) => {
  const peer = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress;
  if (peer === undefined || LOOPBACK.has(peer)) return undefined;
  return errorResponse(
    c,
    "auth.forbidden",
    "/metrics answers only this host unless the server has GUILDS_METRICS_TOKEN: set it, and send Authorization: Bearer <that token>.",
  );
};

function bearerOf(token: string): Access {
  const expected = digest(token);
  return (c) => {
    const header = c.req.header("Authorization");
    const sent = header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (sent !== undefined && timingSafeEqual(digest(sent), expected)) return undefined;
    return errorResponse(
      c,
      header === undefined ? "auth.missing" : "auth.invalid",
      "/metrics needs Authorization: Bearer <token>, the server's GUILDS_METRICS_TOKEN.",
    );
  };
}

/** Equal lengths for timingSafeEqual, whatever was sent. */
function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
