import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { JsonText } from "./jsonText.ts";
import { readJsonBody } from "./requestBody.ts";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** A query parameter or request header a route reads, as the document lists it. */
export interface RouteParameter {
  name: string;
  description: string;
  schema: { type: "string" | "integer"; minimum?: number; maximum?: number };
}

/** What a route may answer beyond its success and the errors every route has: status → when. */
export type RouteErrors = Partial<Record<409 | 413 | 502 | 503 | 504, string>>;

/**
 * One API route as both the app and the OpenAPI document see it, so the two never disagree.
 * `path` is in OpenAPI form (`/api/guilds/{guildId}`).
 */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: z.ZodType;
  /** The JSON answer's schema; absent for an event stream. */
  response?: z.ZodType;
  /** The success status; 200 unless said. */
  status: ContentfulStatusCode;
  /** When the route can answer 409: what the conflict is. */
  conflict?: string;
  /** The other errors it can answer, and when. */
  errors?: RouteErrors;
  query?: readonly RouteParameter[];
  headers?: readonly RouteParameter[];
  /** text/event-stream instead of JSON. */
  streams: boolean;
  handle(c: Context): Promise<Response>;
}

interface RouteRequest<Body> {
  c: Context;
  params: Record<string, string>;
  body: Body;
}

interface RouteDefinition<Body, Answer> {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: z.ZodType<Body>;
  /** What the route answers; the OpenAPI document's success response is generated from it. */
  response: z.ZodType<Answer>;
  status?: ContentfulStatusCode;
  conflict?: string;
  errors?: RouteErrors;
  query?: readonly RouteParameter[];
  handle(request: RouteRequest<Body>): Promise<NoInfer<Answer> | JsonText<NoInfer<Answer>>>;
}

interface StreamRouteDefinition {
  method: HttpMethod;
  path: string;
  summary: string;
  query?: readonly RouteParameter[];
  headers?: readonly RouteParameter[];
  /** Returns the text/event-stream Response. */
  handle(request: RouteRequest<undefined>): Promise<Response>;
}

/** A route answering JSON of its `response` schema. */
export function defineRoute<Body = undefined, Answer = unknown>(
  definition: RouteDefinition<Body, Answer>,
): ApiRoute {
  const status = definition.status ?? 200;
  return {
    method: definition.method,
    path: definition.path,
    summary: definition.summary,
    body: definition.body,
    response: definition.response,
    status,
    conflict: definition.conflict,
    errors: definition.errors,
    query: definition.query,
    streams: false,
    async handle(c) {
      const schema = definition.body;
      const body = (schema === undefined ? undefined : await readJsonBody(c, schema)) as Body;
      const answer = await definition.handle({ c, params: c.req.param(), body });
      if (answer instanceof JsonText)
        return c.body(answer.text, status, { "Content-Type": "application/json" });
      return c.json(answer as object, status);
    },
  };
}

/** A route answering server-sent events. */
export function defineStreamRoute(definition: StreamRouteDefinition): ApiRoute {
  return {
    method: definition.method,
    path: definition.path,
    summary: definition.summary,
    status: 200,
    query: definition.query,
    headers: definition.headers,
    streams: true,
    handle: (c) => definition.handle({ c, params: c.req.param(), body: undefined }),
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
