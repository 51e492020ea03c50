import { RunEventEnvelope } from "@guilds/protocol/runEvents";
import type { ApiRoute } from "./apiRoute.ts";
import { OpenApiSchemas } from "./openApiSchemas.ts";
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
  const schemas = new OpenApiSchemas();
  // The event streams' data: one RunEvent (by its id) per event.
  schemas.of(RunEventEnvelope, "output");
  for (const route of routes) {
    const operations = paths[route.path] ?? {};
    operations[route.method] = operationOf(route, schemas);
    paths[route.path] = operations;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "guilds",
      version: "0.1.0",
      description: `The guilds server's API. Send Authorization: Bearer <token> (\`npx guilds token create <name>\`). Bodies are JSON objects of at most ${MAX_BODY_BYTES} bytes. Errors are {"error": {"code", "message"}}.`,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "http://127.0.0.1:7777", description: "guilds serve on its default host and port" }],
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Error: ErrorSchema, ...schemas.components },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

/** The operations' groups, each the routes under its path segment. */
const TAGS = [
  { name: "guilds", description: "Guilds: the teams agents belong to", segment: "guilds" },
  {
    name: "repositories",
    description: "A guild's repositories, cloned into its agents' homes",
    segment: "repositories",
  },
  { name: "agents", description: "Agents: their model, harness, limits and runs", segment: "agents" },
  {
    name: "secrets",
    description: "Secrets of a guild or an agent; values never leave the server",
    segment: "secrets",
  },
  { name: "notes", description: "A guild's notes and records", segment: "notes" },
  { name: "runs", description: "Runs: messages, tool calls, cancel, code_task artifacts", segment: "runs" },
  { name: "events", description: "Server-sent events of a run or a guild", segment: "events" },
] as const;

/** The tag of the route's last resource segment that names one (…/secrets/{name} is secrets). */
function tagOf(path: string): string {
  const segments = path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{"));
  for (const segment of segments.reverse()) {
    const tag = TAGS.find((candidate) => candidate.segment === segment);
    if (tag !== undefined) return tag.name;
  }
  return "guilds";
}

const ERROR_STATUSES = {
  409: "Conflict",
  413: `The body is over ${MAX_BODY_BYTES} bytes (request.too_large)`,
  502: "A component behind the server failed",
  503: "Not available now",
  504: "A component behind the server did not answer in time",
} as const;

function operationOf(route: ApiRoute, schemas: OpenApiSchemas): Record<string, unknown> {
  const errorResponse = {
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
  const parameters = [
    ...[...route.path.matchAll(/\{([A-Za-z]+)\}/g)].map((match) => ({
      name: match[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    })),
    ...(route.query ?? []).map((parameter) => ({ ...parameter, in: "query", required: false })),
    ...(route.headers ?? []).map((parameter) => ({ ...parameter, in: "header", required: false })),
  ];
  const errors: Partial<Record<keyof typeof ERROR_STATUSES, string>> = {
    ...(route.body === undefined ? {} : { 413: ERROR_STATUSES[413] }),
    ...(route.conflict === undefined ? {} : { 409: route.conflict }),
    ...route.errors,
  };
  const success =
    route.response === undefined
      ? {
          description:
            "Server-sent events: each event's `id` is its id to resume after (none on tool.progress, never stored), its `event` its type, its `data` one RunEvent as JSON (components.schemas.RunEvent); comments are heartbeats",
          content: {
            "text/event-stream": {
              schema: { type: "string" },
              "x-event-data": { $ref: "#/components/schemas/RunEvent" },
            },
          },
        }
      : {
          description: "OK",
          content: { "application/json": { schema: schemas.of(route.response, "output") } },
        };
  return {
    summary: route.summary,
    tags: [tagOf(route.path)],
    operationId: `${route.method}${route.path.replace(/[^A-Za-z]+(.)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
    parameters,
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemas.of(route.body, "input") } },
          },
        }),
    responses: {
      [String(route.status)]: success,
      "400": { description: "The request is invalid; the message says how to fix it", ...errorResponse },
      "401": { description: "No valid bearer token", ...errorResponse },
      "403": {
        description: "A guild's or an agent's token on a route outside its scope (auth.forbidden)",
        ...errorResponse,
      },
      "404": {
        description: "An id in the path names nothing, or nothing the token's scope reaches",
        ...errorResponse,
      },
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [status, { description, ...errorResponse }]),
      ),
      "500": {
        description: "A fault of the server's own (server.internal): its log says more",
        ...errorResponse,
      },
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
