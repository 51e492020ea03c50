import type { Hono, MiddlewareHandler } from "hono";
import { errorResponse } from "../errorHandler.ts";

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/**
 * A method the path's routes do not take answers 405 with their methods in Allow (HEAD wherever
 * GET), before the token is asked for: the routes are public (GET /api/openapi.json).
 */
export function refuseOtherMethods(app: Hono): MiddlewareHandler {
  // Read again whenever routes were added: they are added after this middleware (and by tests).
  let routes: { pattern: RegExp; methods: Set<string> }[] = [];
  let routesRead = -1;
  return async (c, next) => {
    if (routesRead !== app.routes.length) {
      routes = routeMethods(app);
      routesRead = app.routes.length;
    }
    const path = c.req.path;
    const matching = routes.filter((route) => route.pattern.test(path));
    const methods = new Set(matching.flatMap((route) => [...route.methods]));
    if (methods.size === 0 || methods.has(c.req.method)) return next();
    const allow = METHOD_ORDER.filter((method) => methods.has(method)).join(", ");
    c.header("Allow", allow);
    return errorResponse(
      c,
      "route.method_not_allowed",
      `${path} takes ${allow}, not ${c.req.method}; GET /api/openapi.json lists the routes.`,
    );
  };
}

/** Each path the app routes by method (not its middleware, not app.all's), with those methods. */
function routeMethods(app: Hono): { pattern: RegExp; methods: Set<string> }[] {
  const byPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const methods = byPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
    byPath.set(route.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ pattern: patternOf(path), methods }));
}

/** `/api/guilds/:guildId` → a RegExp of its paths. */
function patternOf(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+");
  return new RegExp(`^${escaped}$`);
}
