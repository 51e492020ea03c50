import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { Counter, Histogram } from "prom-client";
import { metricsRegistry } from "./metricsRegistry.ts";

/** A request no route took: a path under the API or the probes (404), or the web app's files. */
const NO_ROUTE = "unmatched";
const WEB_APP = "web app";

const requests = new Counter({
  name: "guilds_http_requests_total",
  help: "HTTP requests answered, by method, route (its OpenAPI path pattern) and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [metricsRegistry],
});

const requestSeconds = new Histogram({
  name: "guilds_http_request_duration_seconds",
  help: "From a request to its answer's headers (an event stream's events come later), by method and route",
  labelNames: ["method", "route"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * Counts every request by its route's pattern, never its path: a label per URL would grow without
 * bound. Goes first, so that it sees the answers of the middleware that refuse a request too.
 */
export const countHttpRequests: MiddlewareHandler = async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const route = routeOf(c);
    const method = c.req.method;
    requests.inc({ method, route, status: c.res.status });
    requestSeconds.observe({ method, route }, (performance.now() - started) / 1000);
  }
};

/** Hono's `/runs/:id` written as the API document writes it, `/runs/{id}`. */
const openApiPatterns = new Map<string, string>();

/**
 * The pattern of the last route (not middleware: its handler takes no `next`) matching the request,
 * whether or not it ran (a request refused for its token still names the route it asked for).
 */
function routeOf(c: Context): string {
  const routes = matchedRoutes(c);
  for (let index = routes.length - 1; index >= 0; index -= 1) {
    const route = routes[index];
    if (route !== undefined && route.handler.length < 2) return openApiPattern(route.path);
  }
  return c.res.status === 404 ? NO_ROUTE : WEB_APP;
}

function openApiPattern(honoPath: string): string {
  let pattern = openApiPatterns.get(honoPath);
  if (pattern === undefined) {
    pattern = honoPath.replace(/:([A-Za-z_]+)/g, "{$1}");
    openApiPatterns.set(honoPath, pattern);
  }
  return pattern;
}
