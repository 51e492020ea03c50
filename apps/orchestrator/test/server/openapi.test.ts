import {
  AgentList,
  AgentView,
  DeletionView,
  GuildList,
  GuildView,
  RepositoryView,
  RunDetailView,
  RunList,
  RunView,
  SecretDeletionView,
  SecretList,
  SecretView,
  ToolCallView,
} from "@guilds/protocol/apiViews";
import { Validator } from "@seriousme/openapi-schema-validator";
import { expect } from "vitest";
import { z } from "zod";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { apiRoutes } from "../../src/server/createApp.ts";
import { type AppFixture, storeOnlyRuns, appTest as test } from "./appFixture.ts";
import { type OpenApiDocument as CheckedDocument, DocumentedAnswers } from "./documentedAnswers.ts";

type OpenApiDocument = {
  components: { schemas: Record<string, unknown> };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>
  >;
};

async function documentOf(fixture: AppFixture): Promise<OpenApiDocument> {
  return (await fixture.app.request("http://localhost/api/openapi.json")).json() as Promise<OpenApiDocument>;
}

/** The answer's schema as documented, its $refs into components.schemas replaced by what they name. */
function documentedAnswer(document: OpenApiDocument, method: string, path: string, status: number): unknown {
  const schema =
    document.paths[path]?.[method]?.responses[String(status)]?.content["application/json"]?.schema;
  return inlined(schema, "#/components/schemas/", document.components.schemas);
}

/** zod's JSON schema of `schema`, its $defs inlined: what the document must say once its refs are. */
function zodSchema(schema: z.ZodType): unknown {
  const {
    $schema: _dialect,
    $defs,
    ...converted
  } = z.toJSONSchema(schema, { io: "output" }) as Record<string, unknown>;
  return inlined(converted, "#/$defs/", ($defs ?? {}) as Record<string, unknown>);
}

function inlined(node: unknown, prefix: string, definitions: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => inlined(item, prefix, definitions));
  if (typeof node !== "object" || node === null) return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  if (typeof $ref === "string" && $ref.startsWith(prefix)) {
    return inlined({ ...(definitions[$ref.slice(prefix.length)] as object), ...rest }, prefix, definitions);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inlined(value, prefix, definitions)]),
  );
}

test("GET /api/openapi.json is an OpenAPI 3.1 document listing every route", async ({ fixture: { app } }) => {
  const answer = await app.request("http://localhost/api/openapi.json");
  expect(answer.status).toBe(200);
  const document = JSON.parse(await answer.text());
  expect(document.openapi).toBe("3.1.0");
  const routes = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
    ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(routes.sort()).toEqual(
    [
      "POST /api/guilds",
      "GET /api/guilds",
      "GET /api/guilds/{guildId}",
      "DELETE /api/guilds/{guildId}",
      "POST /api/guilds/{guildId}/repositories",
      "GET /api/guilds/{guildId}/repositories",
      "GET /api/repositories/{repositoryId}",
      "DELETE /api/repositories/{repositoryId}",
      "POST /api/guilds/{guildId}/agents",
      "GET /api/guilds/{guildId}/agents",
      "GET /api/agents/{agentId}",
      "PATCH /api/agents/{agentId}",
      "DELETE /api/agents/{agentId}",
      "PUT /api/guilds/{guildId}/secrets/{name}",
      "GET /api/guilds/{guildId}/secrets",
      "DELETE /api/guilds/{guildId}/secrets/{name}",
      "PUT /api/agents/{agentId}/secrets/{name}",
      "GET /api/agents/{agentId}/secrets",
      "DELETE /api/agents/{agentId}/secrets/{name}",
      "PUT /api/guilds/{guildId}/notes/{notePath}",
      "GET /api/guilds/{guildId}/notes/{notePath}",
      "GET /api/guilds/{guildId}/notes",
      "DELETE /api/guilds/{guildId}/notes/{notePath}",
      "POST /api/agents/{agentId}/runs",
      "GET /api/agents/{agentId}/runs",
      "GET /api/runs/{runId}",
      "PATCH /api/runs/{runId}",
      "GET /api/runs/{runId}/summary",
      "POST /api/runs/{runId}/messages",
      "POST /api/runs/{runId}/cancel",
      "GET /api/runs/{runId}/tool-calls/{callId}",
      "GET /api/prices",
      "PUT /api/prices/{model}",
      "DELETE /api/prices/{model}",
      "GET /api/runs",
      "GET /api/run-events",
      "GET /api/runs/{runId}/tool-calls/{callId}/output",
      "GET /api/runs/{runId}/tasks/{callId}/log",
      "GET /api/runs/{runId}/tasks/{callId}/diff",
      "GET /api/runs/{runId}/events",
      "GET /api/runs/{runId}/events/snapshot",
      "GET /api/guilds/{guildId}/events",
    ].sort(),
  );
  const createGuild = document.paths["/api/guilds"].post;
  expect(createGuild.requestBody.content["application/json"].schema).toMatchObject({
    type: "object",
    properties: { name: { type: "string" } },
    required: ["name"],
  });
  const resume = [
    {
      name: "after",
      in: "query",
      required: false,
      description: "The id of the last event received, for a client that cannot send Last-Event-ID",
      schema: { type: "integer", minimum: 0 },
    },
    {
      name: "Last-Event-ID",
      in: "header",
      required: false,
      description: "The id of the last event received: the stream resumes after it (it wins over ?after=)",
      schema: { type: "integer", minimum: 0 },
    },
  ];
  expect(document.paths["/api/runs/{runId}/events"].get.parameters).toEqual([
    { name: "runId", in: "path", required: true, schema: { type: "string" } },
    ...resume,
  ]);
  expect(document.paths["/api/guilds/{guildId}/events"].get.parameters).toEqual([
    { name: "guildId", in: "path", required: true, schema: { type: "string" } },
    ...resume,
  ]);
  expect(document.paths["/api/guilds/{guildId}/notes"].get.parameters[1]).toMatchObject({
    name: "prefix",
    in: "query",
    required: false,
    schema: { type: "string" },
  });
});

test("the document is valid OpenAPI 3.1 to a real validator, with a license, a server and every operation tagged", async ({
  fixture,
}) => {
  const document = (await documentOf(fixture)) as unknown as Record<string, unknown>;
  const validator = new Validator();
  const checked = await validator.validate(document);
  expect(checked.errors ?? []).toEqual([]);
  expect(checked.valid).toBe(true);
  expect(document.info).toMatchObject({ license: { name: "MIT", identifier: "MIT" } });
  expect(document.servers).toEqual([
    { url: "http://127.0.0.1:7777", description: "guilds serve on its default host and port" },
  ]);
  const tags = new Set((document.tags as { name: string }[]).map((tag) => tag.name));
  const operations = Object.entries(
    document.paths as Record<string, Record<string, { tags: string[] }>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  for (const { operation } of operations) {
    expect(operation.tags).toHaveLength(1);
    expect(tags.has(operation.tags[0] ?? "")).toBe(true);
  }
  const tagOf = (method: string, path: string) =>
    operations.find((entry) => entry.method === method && entry.path === path)?.operation.tags[0];
  expect(tagOf("put", "/api/agents/{agentId}/secrets/{name}")).toBe("secrets");
  expect(tagOf("get", "/api/runs/{runId}/events")).toBe("events");
  expect(tagOf("get", "/api/agents/{agentId}/runs")).toBe("runs");
  expect(tagOf("patch", "/api/agents/{agentId}")).toBe("agents");
});

test("views are named schemas in components, referred to by $ref; the event streams' data is RunEvent", async ({
  fixture,
}) => {
  const document = (await documentOf(fixture)) as unknown as {
    components: { schemas: Record<string, Record<string, unknown>> };
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>
    >;
  };
  const named = Object.keys(document.components.schemas);
  for (const name of [
    "Run",
    "RunDetail",
    "ToolCall",
    "Agent",
    "Guild",
    "Message",
    "Note",
    "RunEvent",
    "Error",
  ]) {
    expect(named).toContain(name);
  }
  const json = (path: string, method: string, status: string) =>
    document.paths[path]?.[method]?.responses[status]?.content["application/json"];
  expect(json("/api/runs/{runId}", "get", "200")).toEqual({
    schema: { $ref: "#/components/schemas/RunDetail" },
  });
  expect(json("/api/agents/{agentId}/runs", "get", "200")).toMatchObject({
    schema: { properties: { runs: { type: "array", items: { $ref: "#/components/schemas/Run" } } } },
  });
  expect(
    document.paths["/api/runs/{runId}/events"]?.get?.responses["200"]?.content["text/event-stream"],
  ).toEqual({
    schema: { type: "string" },
    "x-event-data": { $ref: "#/components/schemas/RunEvent" },
  });
  expect(document.components.schemas.RunEvent).toMatchObject({
    properties: { id: {}, type: {}, run_id: {}, guild_id: {}, data: {}, created_at: {} },
  });
  expect(JSON.stringify(document)).not.toContain("#/$defs/");
});

test("the answer check the app fixture runs on every answer refuses what the document does not say", async ({
  fixture,
}) => {
  const documented = new DocumentedAnswers((await documentOf(fixture)) as unknown as CheckedDocument);
  expect(() => documented.check("GET", "/api/guilds", 418, { error: { code: "x", message: "y" } })).toThrow(
    "GET /api/guilds (/api/guilds) answered 418, which the document does not list (200, 400, 401, 403, 404, 500)",
  );
  expect(() => documented.check("GET", "/api/guilds", 200, { guilds: [{ id: 1 }] })).toThrow(
    "GET /api/guilds (/api/guilds) answered 200 with a body the document does not describe",
  );
  expect(() => documented.check("GET", "/api/runs/run_1", 404, { error: { code: "run.not_found" } })).toThrow(
    "must have required property 'message'",
  );
  const answer = await fixture.call("GET", "/api/guilds");
  expect(() => documented.check("GET", "/api/guilds", 200, { guilds: [], next_cursor: null })).not.toThrow();
  expect(answer.status).toBe(200);
});

test("the schemas carry their bounds and formats: timestamps, max_tool_calls, idle_stop_minutes, names", async ({
  fixture,
}) => {
  const document = (await documentOf(fixture)) as unknown as {
    paths: Record<string, Record<string, Record<string, never>>>;
  };
  const json = (node: unknown) => node as Record<string, Record<string, Record<string, unknown>>>;
  const guild = json(
    documentedAnswer(document as unknown as OpenApiDocument, "get", "/api/guilds/{guildId}", 200),
  );
  expect(guild.properties?.created_at).toMatchObject({ type: "string", format: "date-time" });
  const createAgentOperation = document.paths["/api/guilds/{guildId}/agents"]?.post as unknown as {
    requestBody: { content: Record<string, { schema: unknown }> };
  };
  const createAgent = json(createAgentOperation.requestBody.content["application/json"]?.schema);
  expect(createAgent.properties?.max_tool_calls).toMatchObject({
    type: "integer",
    minimum: 1,
    maximum: 10_000,
  });
  expect(createAgent.properties?.idle_stop_minutes).toMatchObject({
    type: "integer",
    minimum: 1,
    maximum: 1440,
  });
  expect(createAgent.properties?.name).toMatchObject({ type: "string", minLength: 1, maxLength: 100 });
});

test("each route documents the errors it can answer: 409 run.busy, 413 on a body, 503 while closing, 502-504 from machines", async ({
  fixture,
}) => {
  const document = (await documentOf(fixture)) as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
  };
  const statuses = (method: string, path: string) =>
    Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
  expect(statuses("post", "/api/runs/{runId}/messages")).toEqual(
    ["202", "400", "401", "403", "404", "409", "413", "500", "503", "507"].sort(),
  );
  expect(document.paths["/api/runs/{runId}/messages"]?.post?.responses["409"]?.description).toContain(
    "run.busy",
  );
  expect(statuses("post", "/api/agents/{agentId}/runs")).toEqual(
    ["201", "400", "401", "403", "404", "413", "500", "503", "507"].sort(),
  );
  expect(statuses("get", "/api/runs/{runId}/tasks/{callId}/log")).toEqual(
    ["200", "400", "401", "403", "404", "500", "502", "503", "504"].sort(),
  );
  expect(statuses("get", "/api/guilds")).toEqual(["200", "400", "401", "403", "404", "500"]);
  expect(document.paths["/api/guilds"]?.post?.responses["413"]?.description).toBe(
    "The body is over 1048576 bytes (request.too_large)",
  );
});

test("without a built web app, / says how to build it and links the API document", async ({
  fixture: { app },
}) => {
  const page = await (await app.request("http://localhost/")).text();
  expect(page).toContain("the web app is not built: run <code>npm run build</code>");
  expect(page).toContain('href="/api/openapi.json"');
});

test("every JSON route documents its answer as the JSON Schema of its response schema", async ({
  fixture,
}) => {
  const { store, events, home, machines } = fixture;
  const routes = apiRoutes({
    store,
    events,
    runs: storeOnlyRuns(store),
    scripts: createAgentScripts(home),
    machines,
    logger: { error() {} },
  });
  const document = await documentOf(fixture);
  const json = routes.filter((route) => !route.streams);
  expect(json.length).toBeGreaterThan(20);
  for (const route of json) {
    expect(route.response, `${route.method} ${route.path}`).toBeDefined();
    const documented = documentedAnswer(document, route.method, route.path, route.status);
    expect(documented, `${route.method} ${route.path}`).toEqual(zodSchema(route.response ?? z.never()));
    expect(documented).not.toEqual({ type: "object" });
  }
});

test("the real answers of the routes validate against the schemas the document gives them", async ({
  fixture,
}) => {
  const { call, store } = fixture;
  const document = await documentOf(fixture);
  /** Calls the route; its answer must parse with `schema`, which must be what the document says. */
  const answer = async <Schema extends z.ZodType>(
    method: string,
    template: string,
    params: Record<string, unknown>,
    schema: Schema,
    body?: unknown,
  ): Promise<z.output<Schema>> => {
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
    const response = await call(method.toUpperCase(), url, body);
    expect(response.status, `${method} ${url}`).toBeLessThan(300);
    expect(documentedAnswer(document, method, template, response.status), `${method} ${template}`).toEqual(
      zodSchema(schema),
    );
    return schema.parse(await response.json());
  };

  const guild = await answer("post", "/api/guilds", {}, GuildView, { name: "acme" });
  const guildId = guild.id;
  await answer("get", "/api/guilds", {}, GuildList);
  const repository = await answer("post", "/api/guilds/{guildId}/repositories", { guildId }, RepositoryView, {
    name: "web",
    url: "https://example.com/acme/web.git",
    token: "ghp_never_shown",
  });
  await answer("get", "/api/repositories/{repositoryId}", { repositoryId: repository.id }, RepositoryView);
  const agent = await answer("post", "/api/guilds/{guildId}/agents", { guildId }, AgentView, {
    name: "coder",
    model: { provider: "scripted", name: "scripted" },
    script: {
      steps: [{ type: "reply", text: "hi", tool_calls: [{ name: "shell", args: { command: "ls" } }] }],
    },
  });
  const agentId = agent.id;
  await answer("get", "/api/guilds/{guildId}/agents", { guildId }, AgentList);
  await answer("put", "/api/agents/{agentId}/secrets/{name}", { agentId, name: "DEPLOY" }, SecretView, {
    value: "deploy-value",
    aliases: ["DEPLOY_KEY"],
  });
  await answer("get", "/api/agents/{agentId}/secrets", { agentId }, SecretList);

  const run = await answer("post", "/api/agents/{agentId}/runs", { agentId }, RunView, { message: "hello" });
  const runId = run.id;
  const toolCall = await store.toolCalls.create({
    runId,
    generationId: null,
    callId: "toolu_1",
    tool: "shell",
    argumentsText: '{"command":"ls"}',
  });
  await store.toolCalls.end(toolCall.id, { status: "completed", result: "a", metadata: { exit_code: 0 } });
  await answer("get", "/api/agents/{agentId}/runs", { agentId }, RunList);
  const detail = await answer("get", "/api/runs/{runId}", { runId }, RunDetailView);
  expect(detail.tool_calls).toHaveLength(1);
  await answer("get", "/api/runs/{runId}/tool-calls/{callId}", { runId, callId: "toolu_1" }, ToolCallView);
  await answer("post", "/api/runs/{runId}/cancel", { runId }, RunView);

  await answer(
    "delete",
    "/api/agents/{agentId}/secrets/{name}",
    { agentId, name: "DEPLOY" },
    SecretDeletionView,
  );
  await answer("delete", "/api/agents/{agentId}", { agentId }, DeletionView);
  await answer("delete", "/api/repositories/{repositoryId}", { repositoryId: repository.id }, DeletionView);
  await answer("delete", "/api/guilds/{guildId}", { guildId }, DeletionView);
});

test("a conflict a route can answer is documented as its 409", async ({ fixture }) => {
  const document = await documentOf(fixture);
  const responses = (path: string, method: string) => document.paths[path]?.[method]?.responses ?? {};
  expect(responses("/api/agents/{agentId}", "delete")["409"]).toMatchObject({
    description: "A run of the agent is in progress (agent.busy): cancel it first",
  });
  expect(responses("/api/guilds/{guildId}", "delete")["409"]).toBeDefined();
  expect(responses("/api/guilds/{guildId}", "get")["409"]).toBeUndefined();
});
