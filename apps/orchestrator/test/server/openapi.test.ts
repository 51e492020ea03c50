import { expect } from "vitest";
import { appTest as test } from "./appFixture.ts";

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
      "POST /api/guilds/{guildId}/repositories",
      "GET /api/guilds/{guildId}/repositories",
      "POST /api/guilds/{guildId}/agents",
      "GET /api/guilds/{guildId}/agents",
      "GET /api/agents/{agentId}",
      "PATCH /api/agents/{agentId}",
      "PUT /api/guilds/{guildId}/secrets/{name}",
      "GET /api/guilds/{guildId}/secrets",
      "DELETE /api/guilds/{guildId}/secrets/{name}",
      "PUT /api/agents/{agentId}/secrets/{name}",
      "GET /api/agents/{agentId}/secrets",
      "DELETE /api/agents/{agentId}/secrets/{name}",
      "POST /api/agents/{agentId}/runs",
      "GET /api/agents/{agentId}/runs",
      "GET /api/runs/{runId}",
      "POST /api/runs/{runId}/messages",
      "POST /api/runs/{runId}/cancel",
      "GET /api/runs/{runId}/tool-calls/{callId}",
      "GET /api/runs/{runId}/events",
      "GET /api/guilds/{guildId}/events",
    ].sort(),
  );
  const createGuild = document.paths["/api/guilds"].post;
  expect(createGuild.requestBody.content["application/json"].schema).toMatchObject({
    type: "object",
    properties: { name: { type: "string" } },
    required: ["name"],
  });
  expect(document.paths["/api/runs/{runId}/events"].get.parameters).toEqual([
    { name: "runId", in: "path", required: true, schema: { type: "string" } },
  ]);
});

test("/ says the web app comes later and links the API document", async ({ fixture: { app } }) => {
  const page = await (await app.request("http://localhost/")).text();
  expect(page).toContain("The web app arrives with a later issue");
  expect(page).toContain('href="/api/openapi.json"');
});
