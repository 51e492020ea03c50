import { GuildsError } from "@guilds/protocol/guildsError";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { mcpHttpHandler } from "../mcp/mcpHttp.ts";
import type { ApiRoute } from "./apiRoute.ts";
import { honoPath } from "./apiRoute.ts";
import type { AppDeps } from "./appDeps.ts";
import { requireBearerToken } from "./auth.ts";
import { createErrorHandler, errorResponse } from "./errorHandler.ts";
import { openApiDocument } from "./openapi.ts";
import { MAX_BODY_BYTES } from "./requestBody.ts";
import { checkRouteScope } from "./routeScope.ts";
import { agentRoutes } from "./routes/agentRoutes.ts";
import { eventRoutes } from "./routes/eventRoutes.ts";
import { guildRoutes } from "./routes/guildRoutes.ts";
import { noteRoutes } from "./routes/noteRoutes.ts";
import { repositoryRoutes } from "./routes/repositoryRoutes.ts";
import { runRoutes } from "./routes/runRoutes.ts";
import { secretRoutes } from "./routes/secretRoutes.ts";
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
    ...taskRoutes(deps),
    ...eventRoutes(deps),
  ];
}

/** The whole HTTP app as a value: serve it with @hono/node-server, test it with app.request(). */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono();
  const routes = apiRoutes(deps);
  const document = openApiDocument(routes);

  app.onError(createErrorHandler(deps.logger));
  const webApp = serveWebApp(deps.webAppFolder === undefined ? builtWebApp() : deps.webAppFolder);
  // Every path that no route takes: the API's own 404, else the web app (its routes live in the browser).
  app.notFound((c) =>
    c.req.path.startsWith("/api/") || c.req.method !== "GET"
      ? errorResponse(
          c,
          "route.not_found",
          `No route for ${c.req.method} ${c.req.path}; GET /api/openapi.json lists the routes.`,
        )
      : webApp(c),
  );

  app.get("/healthz", (c) => c.json({ ok: true }));
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
