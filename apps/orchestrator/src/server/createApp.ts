import { GuildsError } from "@guilds/protocol/guildsError";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { logRequests } from "../logging/accessLog.ts";
import { mcpHttpHandler } from "../mcp/mcpHttp.ts";
import { countHttpRequests } from "../metrics/httpMetrics.ts";
import type { ApiRoute } from "./apiRoute.ts";
import { honoPath } from "./apiRoute.ts";
import type { AppDeps } from "./appDeps.ts";
import { requireBearerToken } from "./auth.ts";
import { createErrorHandler, errorResponse } from "./errorHandler.ts";
import { addHealthRoutes, PROBE_PATHS, type ServerHealth } from "./health/healthRoutes.ts";
import { storeCheck } from "./health/storeCheck.ts";
import { addMetricsRoute } from "./metricsRoute.ts";
import { compressAnswers } from "./middleware/compression.ts";
import { allowOrigins } from "./middleware/corsPolicy.ts";
import { cancelHeadBodies } from "./middleware/headRequests.ts";
import { checkHost } from "./middleware/hostCheck.ts";
import { refuseMalformedPath } from "./middleware/malformedPath.ts";
import { refuseOtherMethods } from "./middleware/methodNotAllowed.ts";
import { webAppSecurityHeaders } from "./middleware/securityHeaders.ts";
import { openApiDocument } from "./openapi.ts";
import { MAX_BODY_BYTES } from "./requestBody.ts";
import { checkRouteScope } from "./routeScope.ts";
import { agentRoutes } from "./routes/agentRoutes.ts";
import { eventRoutes } from "./routes/eventRoutes.ts";
import { guildRoutes } from "./routes/guildRoutes.ts";
import { noteRoutes } from "./routes/noteRoutes.ts";
import { priceRoutes } from "./routes/priceRoutes.ts";
import { repositoryRoutes } from "./routes/repositoryRoutes.ts";
import { runBoardRoutes } from "./routes/runBoardRoutes.ts";
import { runRoutes } from "./routes/runRoutes.ts";
import { secretRoutes } from "./routes/secretRoutes.ts";
import { shellOutputRoutes } from "./routes/shellOutputRoutes.ts";
import { taskRoutes } from "./routes/taskRoutes.ts";
import { builtWebApp, serveWebApp } from "./webApp.ts";

export function apiRoutes(deps: AppDeps): ApiRoute[] {
  return [
    ...guildRoutes(deps),
    ...repositoryRoutes(deps),
    ...agentRoutes(deps),
    ...secretRoutes(deps),
    ...noteRoutes(deps),
    ...runRoutes(deps),
    ...priceRoutes(deps),
    ...runBoardRoutes(deps),
    ...taskRoutes(deps),
    ...shellOutputRoutes(deps),
    ...eventRoutes(deps),
  ];
}

/** The whole HTTP app as a value: serve it with @hono/node-server, test it with app.request(). */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const routes = apiRoutes(deps);
  const document = openApiDocument(routes);

  app.onError(createErrorHandler(deps.logger));
  app.use(countHttpRequests);
  app.use(logRequests(deps.accessLog));
  // In this order: nothing may decode a malformed path; preflights are answered before the method
  // check and the token; a 405 needs no token.
  app.use(refuseMalformedPath, checkHost(deps.http?.allowedHosts ?? []), webAppSecurityHeaders);
  app.use(cancelHeadBodies, compressAnswers);
  const origins = deps.http?.corsOrigins ?? [];
  if (origins.length > 0) app.use("/api/*", allowOrigins(origins)).use("/mcp", allowOrigins(origins));
  app.use(refuseOtherMethods(app));
  const webApp = serveWebApp(deps.webAppFolder === undefined ? builtWebApp() : deps.webAppFolder);
  // Every path that no route takes: the API's own 404 under the API and the probes, else the web
  // app (its routes live in the browser).
  app.notFound((c) =>
    isServerPath(c.req.path) || (c.req.method !== "GET" && c.req.method !== "HEAD")
      ? errorResponse(
          c,
          "route.not_found",
          `No route for ${c.req.method} ${c.req.path}; GET /api/openapi.json lists the routes.`,
        )
      : webApp(c),
  );

  addHealthRoutes(app, deps.health ?? storeHealth(deps.store), deps.stopping);
  addMetricsRoute(app, { token: deps.http?.metricsToken, runCounts: () => deps.store.countRunsByStatus() });
  app.get("/api/openapi.json", (c) => c.json(document));

  app.use("/api/*", requireBearerToken(deps.store.tokens));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new GuildsError(
          "request.too_large",
          `The request body is over the limit of ${MAX_BODY_BYTES} bytes (1 MiB); send less, e.g. a shorter message.`,
        );
      },
    }),
  );
  for (const route of routes) {
    app.on(route.method.toUpperCase(), honoPath(route.path), async (c) => {
      await checkRouteScope(c.get("tokenScope"), route, c.req.param(), deps.store);
      return route.handle(c);
    });
  }

  // The agents' tools over MCP (streamable HTTP), for MCP clients: the same bearer token.
  const mcp = mcpHttpHandler(deps);
  app.use("/mcp", requireBearerToken(deps.store.tokens));
  app.all("/mcp", (c) => mcp.handle(c));
  return app;
}

/** The API, the probes and /mcp, and any path under them: never the web app. */
function isServerPath(path: string): boolean {
  return ["/api", "/mcp", ...PROBE_PATHS].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A test's app: the store is all /readyz checks. */
function storeHealth(store: AppDeps["store"]): ServerHealth {
  return { checks: [storeCheck(store)], about: { store: store.dialect } };
}
