import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { readJsonBody } from "./requestBody.ts";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * One API route as both the app and the OpenAPI document see it, so the two never disagree.
 * `path` is in OpenAPI form (`/api/guilds/{guildId}`).
 */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: z.ZodType;
  /** The success status; 200 unless said. */
  status: ContentfulStatusCode;
  /** text/event-stream instead of JSON. */
  streams: boolean;
  handle(c: Context): Promise<Response>;
}

interface RouteDefinition<Body> {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: z.ZodType<Body>;
  status?: ContentfulStatusCode;
  streams?: boolean;
  /** Returns the answer's JSON value, or a Response of its own (an SSE stream). */
  handle(request: { c: Context; params: Record<string, string>; body: Body }): Promise<unknown>;
}

export function defineRoute<Body = undefined>(definition: RouteDefinition<Body>): ApiRoute {
  const status = definition.status ?? 200;
  return {
    method: definition.method,
    path: definition.path,
    summary: definition.summary,
    body: definition.body,
    status,
    streams: definition.streams ?? false,
    async handle(c) {
      const schema = definition.body;
      const body = (schema === undefined ? undefined : await readJsonBody(c, schema)) as Body;
      const answer = await definition.handle({ c, params: c.req.param(), body });
      if (answer instanceof Response) return answer;
      return c.json(answer as object, status);
    },
  };
}

/** `/api/guilds/{guildId}` → `/api/guilds/:guildId` */
export function honoPath(openApiPath: string): string {
  return openApiPath.replace(/\{([A-Za-z]+)\}/g, ":$1");
}

/** A path parameter that the route's pattern guarantees. */
export function param(params: Record<string, string>, name: string): string {
  return params[name] ?? "";
}
