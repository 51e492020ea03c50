import { expect } from "vitest";
import { type AppFixture, type LooseJson, appTest as test } from "./appFixture.ts";

/** Every page of `url` (its items under `key`) read through next_cursor, `limit` at a time. */
async function readAllPages(
  call: AppFixture["call"],
  url: string,
  key: string,
  limit: number,
): Promise<{ items: LooseJson[]; pages: number }> {
  const items: LooseJson[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = url.includes("?") ? "&" : "?";
    const query = `limit=${limit}${cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`}`;
    const answer = await call("GET", `${url}${separator}${query}`);
    expect(answer.status).toBe(200);
    const page = await answer.json();
    const rows = page[key] as unknown as LooseJson[];
    expect(rows.length).toBeLessThanOrEqual(limit);
    items.push(...rows);
    cursor = page.next_cursor as unknown as string | null;
    if (cursor !== null) expect(rows).toHaveLength(limit);
    pages++;
  } while (cursor !== null && pages < 100);
  return { items, pages };
}

const names = (items: LooseJson[], field = "name") => items.map((item) => String(item[field]));

test("every list pages with limit and cursor, the pages adding up to the whole list", async ({
  fixture: { call },
}) => {
  const guildNames = ["delta", "alpha", "echo", "bravo", "charlie", "foxtrot", "golf"];
  for (const name of guildNames) await call("POST", "/api/guilds", { name });
  const guilds = await readAllPages(call, "/api/guilds", "guilds", 3);
  expect(names(guilds.items)).toEqual([...guildNames].sort());
  expect(guilds.pages).toBe(3);

  const guildId = String(guilds.items[0]?.id);
  for (const name of ["web", "api", "docs", "infra"]) {
    await call("POST", `/api/guilds/${guildId}/repositories`, { name, local_path: `/srv/${name}` });
  }
  for (const name of ["reviewer", "coder", "planner"]) {
    await call("POST", `/api/guilds/${guildId}/agents`, { name, model: { provider: "scripted", name: "s" } });
  }
  for (const name of ["B_KEY", "A_KEY", "C_KEY"]) {
    await call("PUT", `/api/guilds/${guildId}/secrets/${name}`, { value: `value of ${name}` });
  }
  for (const path of ["tasks/t-2", "runbooks/deploy.md", "tasks/t-1", "tasks/t-3", "notes.md"]) {
    await call("PUT", `/api/guilds/${guildId}/notes/${encodeURIComponent(path)}`, { content: path });
  }

  const repositories = await readAllPages(call, `/api/guilds/${guildId}/repositories`, "repositories", 2);
  expect(names(repositories.items)).toEqual(["api", "docs", "infra", "web"]);
  expect(repositories.pages).toBe(2);
  const agents = await readAllPages(call, `/api/guilds/${guildId}/agents`, "agents", 2);
  expect(names(agents.items)).toEqual(["coder", "planner", "reviewer"]);
  const secrets = await readAllPages(call, `/api/guilds/${guildId}/secrets`, "secrets", 1);
  expect(names(secrets.items)).toEqual(["A_KEY", "B_KEY", "C_KEY"]);
  expect(secrets.pages).toBe(3);
  const notes = await readAllPages(call, `/api/guilds/${guildId}/notes`, "notes", 2);
  expect(names(notes.items, "path")).toEqual([
    "notes.md",
    "runbooks/deploy.md",
    "tasks/t-1",
    "tasks/t-2",
    "tasks/t-3",
  ]);
  const tasks = await readAllPages(call, `/api/guilds/${guildId}/notes?prefix=tasks`, "notes", 2);
  expect(names(tasks.items, "path")).toEqual(["tasks/t-1", "tasks/t-2", "tasks/t-3"]);

  const agentId = String(agents.items[0]?.id);
  for (const name of ["Z_KEY", "Y_KEY"]) {
    await call("PUT", `/api/agents/${agentId}/secrets/${name}`, { value: `value of ${name}` });
  }
  const agentSecrets = await readAllPages(call, `/api/agents/${agentId}/secrets`, "secrets", 1);
  expect(names(agentSecrets.items)).toEqual(["Y_KEY", "Z_KEY"]);

  const started: string[] = [];
  for (let index = 0; index < 5; index++) {
    const run = await (await call("POST", `/api/agents/${agentId}/runs`, { message: `run ${index}` })).json();
    started.push(String(run.id));
    await call("POST", `/api/runs/${run.id}/cancel`);
  }
  const runs = await readAllPages(call, `/api/agents/${agentId}/runs`, "runs", 2);
  expect(names(runs.items, "id")).toEqual([...started].reverse());
  expect(runs.pages).toBe(3);
});

test("a list gives 100 items unless asked, and at most 1000", async ({ fixture: { call } }) => {
  for (let index = 0; index < 101; index++) {
    await call("POST", "/api/guilds", { name: `guild ${String(index).padStart(3, "0")}` });
  }
  const first = await (await call("GET", "/api/guilds")).json();
  expect(first.guilds).toHaveLength(100);
  expect(first.next_cursor).toEqual(expect.any(String));
  const last = await (await call("GET", `/api/guilds?cursor=${first.next_cursor}`)).json();
  expect(names(last.guilds as unknown as LooseJson[])).toEqual(["guild 100"]);
  expect(last.next_cursor).toBeNull();

  const all = await (await call("GET", "/api/guilds?limit=1000")).json();
  expect(all.guilds).toHaveLength(101);
  expect(all.next_cursor).toBeNull();
});

test("a bad limit or cursor is request.invalid, saying what to send", async ({ fixture: { call } }) => {
  const cases: [string, string][] = [
    ["limit=0", 'limit must be a whole number from 1 to 1000 (got "0"); leave it out for 100.'],
    ["limit=1001", 'limit must be a whole number from 1 to 1000 (got "1001"); leave it out for 100.'],
    ["limit=ten", 'limit must be a whole number from 1 to 1000 (got "ten"); leave it out for 100.'],
    ["limit=2.5", 'limit must be a whole number from 1 to 1000 (got "2.5"); leave it out for 100.'],
    [
      "cursor=not%20a%20cursor",
      'cursor must be a next_cursor this list answered (got "not a cursor"); leave it out for the first page.',
    ],
  ];
  for (const [query, message] of cases) {
    const answer = await call("GET", `/api/guilds?${query}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: { code: "request.invalid", message } });
  }
});

test("the document gives every list limit, cursor and next_cursor", async ({ fixture: { app } }) => {
  const document = (await (await app.request("http://localhost/api/openapi.json")).json()) as LooseJson;
  const lists = Object.entries(
    document.paths as unknown as Record<string, Record<string, OperationLike>>,
  ).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method, operation]) => method === "get" && listSchema(document, operation) !== undefined)
      .map(([, operation]) => ({ path, operation })),
  );
  expect(lists.map(({ path }) => path).sort()).toEqual([
    "/api/agents/{agentId}/runs",
    "/api/agents/{agentId}/secrets",
    "/api/guilds",
    "/api/guilds/{guildId}/agents",
    "/api/guilds/{guildId}/notes",
    "/api/guilds/{guildId}/repositories",
    "/api/guilds/{guildId}/secrets",
    "/api/runs",
    BACKGROUND_OUTPUT,
  ]);
  // A background command's output is followed, not paged: its cursor is a place in a log that grows,
  // and each answer holds what was written since, so it takes no limit.
  const followed = lists.find(({ path }) => path === BACKGROUND_OUTPUT)?.operation;
  expect((followed?.parameters ?? []).filter((parameter) => parameter.in === "query")).toEqual([
    expect.objectContaining({ name: "cursor", schema: { type: "string" } }),
  ]);
  for (const { path, operation } of lists) {
    if (path === BACKGROUND_OUTPUT) continue;
    const query = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
    expect(query).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "limit", schema: { type: "integer", minimum: 1, maximum: 1000 } }),
        expect.objectContaining({ name: "cursor", schema: { type: "string" } }),
      ]),
    );
    expect(listSchema(document, operation)?.required).toContain("next_cursor");
  }
});

const BACKGROUND_OUTPUT = "/api/runs/{runId}/tool-calls/{callId}/output";

interface OperationLike {
  parameters?: { name: string; in: string; schema: unknown }[];
  responses: Record<string, { content?: Record<string, { schema: SchemaLike }> }>;
}

interface SchemaLike {
  $ref?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The success answer's schema when it has a next_cursor, the mark of a list. */
function listSchema(document: LooseJson, operation: OperationLike): SchemaLike | undefined {
  let schema = operation.responses["200"]?.content?.["application/json"]?.schema;
  if (schema?.$ref !== undefined) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    const schemas = document.components?.schemas as unknown as Record<string, SchemaLike> | undefined;
    schema = schemas?.[name];
  }
  return schema?.properties?.next_cursor === undefined ? undefined : schema;
}
