import type { AppDeps } from "./appDeps.ts";
import { apiRoutes } from "./createApp.ts";
import { openApiDocument } from "./openapi.ts";

/**
 * The document GET /api/openapi.json serves, made without a server: a route reads its deps only as
 * it answers, so the routes are defined here over deps that throw if one is ever reached.
 * packages/client generates its types from it.
 */
export function apiDocument(): Record<string, unknown> {
  return openApiDocument(apiRoutes(NO_DEPS));
}

const unreachable = (name: string): object =>
  new Proxy(
    {},
    {
      get(_target, key) {
        throw new Error(
          `a route read ${name}.${String(key)} while the document was made; routes may read their deps only as they answer`,
        );
      },
    },
  );

const NO_DEPS = new Proxy({} as AppDeps, { get: (_target, key) => unreachable(String(key)) });
