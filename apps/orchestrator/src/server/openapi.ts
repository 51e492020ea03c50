import { z } from "zod";
import type { ApiRoute } from "./apiRoute.ts";
import { MAX_BODY_BYTES } from "./requestBody.ts";

const ErrorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" } },
    },
  },
};

/** An OpenAPI 3.1 document of the routes, their bodies and answers generated from the zod schemas. */
export function openApiDocument(routes: readonly ApiRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operations = paths[route.path] ?? {};
    operations[route.method] = operationOf(route);
    paths[route.path] = operations;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "guilds",
      version: "0.1.0",
      description: `The guilds server's API. Send Authorization: Bearer <token> (\`npx guilds token create <name>\`). Bodies are JSON objects of at most ${MAX_BODY_BYTES} bytes. Errors are {"error": {"code", "message"}}.`,
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Error: ErrorSchema },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

function operationOf(route: ApiRoute): Record<string, unknown> {
  const errorResponse = {
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  const parameters = [...route.path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const success =
    route.response === undefined
      ? {
          description: "Server-sent events",
          content: { "text/event-stream": { schema: { type: "string" } } },
        }
      : { description: "OK", content: { "application/json": { schema: responseSchemaOf(route.response) } } };
  return {
    summary: route.summary,
    operationId: `${route.method}${route.path.replace(/[^A-Za-z]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
    parameters,
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { "application/json": { schema: z.toJSONSchema(route.body, { io: "input" }) } },
          },
        }),
    responses: {
      [String(route.status)]: success,
      "400": { description: "The request is invalid; the message says how to fix it", ...errorResponse },
      "401": { description: "No valid bearer token", ...errorResponse },
      "404": { description: "An id in the path names nothing", ...errorResponse },
      ...(route.conflict === undefined ? {} : { "409": { description: route.conflict, ...errorResponse } }),
      // Reads never write, so only a route that stores something meets a full disk.
      ...(route.method === "get"
        ? {}
        : {
            "507": {
              description: "The store's disk is full (storage.full): free space, then retry",
              ...errorResponse,
            },
          }),
    },
  };
}

function responseSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: "output" });
}
