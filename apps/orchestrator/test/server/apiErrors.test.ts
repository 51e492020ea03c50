import { expect } from "vitest";
import { MAX_BODY_BYTES } from "../../src/server/requestBody.ts";
import { appTest as test } from "./appFixture.ts";

test("without a token, or with a bad one, /api answers 401 saying how to get one", async ({
  fixture: { app, call },
}) => {
  const missing = await app.request("http://localhost/api/guilds");
  expect(missing.status).toBe(401);
  expect(await missing.json()).toEqual({
    error: {
      code: "auth.missing",
      message:
        "This API needs an operator token: send Authorization: Bearer <token>. Create one on the server's host with `npx guilds token create <name>`.",
    },
  });
  const wrong = await call("GET", "/api/guilds", undefined, { Authorization: "Bearer gt_not-a-token" });
  expect(wrong.status).toBe(401);
  expect(await wrong.json()).toEqual({
    error: {
      code: "auth.invalid",
      message:
        "The bearer token is not valid (revoked, mistyped or from another server). Create one on the server's host with `npx guilds token create <name>`, and send Authorization: Bearer <token>.",
    },
  });
  const health = await app.request("http://localhost/healthz");
  expect(await health.json()).toEqual({ ok: true });
});

test("malformed JSON, a missing body and invalid fields are 400s naming the fix", async ({
  fixture: { call },
}) => {
  const malformed = await call("POST", "/api/guilds", "{name: acme");
  expect(malformed.status).toBe(400);
  const body = await malformed.json();
  expect(body.error?.code).toBe("request.malformed_json");
  expect(body.error?.message).toMatch(
    /^The request body is not valid JSON \(.+\); send one JSON object with Content-Type: application\/json\.$/,
  );

  const empty = await call("POST", "/api/guilds", "");
  expect(await empty.json()).toEqual({
    error: {
      code: "request.body_missing",
      message: "The request needs a JSON object body; see GET /api/openapi.json.",
    },
  });

  const invalid = await call("POST", "/api/guilds", { name: 7, colour: "red" });
  expect(invalid.status).toBe(400);
  expect(await invalid.json()).toEqual({
    error: {
      code: "request.invalid",
      message:
        'Invalid request body: name: Invalid input: expected string, received number; (top level): Unrecognized key: "colour". Fix these fields and retry; GET /api/openapi.json describes them.',
    },
  });

  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const agent = await call("POST", `/api/guilds/${guild.id}/agents`, {
    name: "coder",
    model: { provider: "scripted", name: "s" },
    max_tool_calls: 0,
  });
  expect(agent.status).toBe(400);
  expect(await agent.json()).toEqual({
    error: {
      code: "agent.invalid",
      message: "Invalid agent: max_tool_calls must be a whole number from 1 to 10000 (got 0).",
    },
  });
});

test("a repository needs a url or a local path, and a token only with a url", async ({
  fixture: { call },
}) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const neither = await call("POST", `/api/guilds/${guild.id}/repositories`, { name: "web", token: "t" });
  expect(await neither.json()).toEqual({
    error: {
      code: "request.invalid",
      message:
        "Invalid request body: url: give either url or local_path, not both or neither; token: a token goes with a url; a local path needs none. Fix these fields and retry; GET /api/openapi.json describes them.",
    },
  });
});

test("unknown ids are 404s naming the id; unknown routes too", async ({ fixture: { call } }) => {
  const guild = await call("GET", "/api/guilds/g_nope");
  expect(guild.status).toBe(404);
  expect(await guild.json()).toEqual({
    error: { code: "guild.not_found", message: 'No guild "g_nope"; list them to find the right one.' },
  });
  const run = await call("POST", "/api/agents/ag_nope/runs", { message: "hi" });
  expect(run.status).toBe(404);
  expect((await run.json()).error?.message).toContain('"ag_nope"');
  const events = await call("GET", "/api/runs/run_nope/events");
  expect(events.status).toBe(404);
  expect((await events.json()).error?.code).toBe("run.not_found");
  const route = await call("GET", "/api/nothing");
  expect(route.status).toBe(404);
  expect(await route.json()).toEqual({
    error: {
      code: "route.not_found",
      message: "No route for GET /api/nothing; GET /api/openapi.json lists the routes.",
    },
  });
});

test("a body over 1 MiB is a 413 naming the limit", async ({ fixture: { call } }) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const huge = await call("POST", `/api/guilds/${guild.id}/agents`, { name: "x".repeat(MAX_BODY_BYTES) });
  expect(huge.status).toBe(413);
  expect(await huge.json()).toEqual({
    error: {
      code: "request.too_large",
      message:
        "The request body is over the limit of 1048576 bytes (1 MiB); send less, e.g. a shorter message.",
    },
  });
});

test("an unexpected fault is a 500 that names no internals", async ({ fixture: { call, store, logged } }) => {
  await store.close();
  const answer = await call("GET", "/api/guilds");
  expect(answer.status).toBe(500);
  expect(await answer.json()).toEqual({
    error: {
      code: "server.internal",
      message:
        "The server failed on this request; the details are in its log. Retry, and report it if it persists.",
    },
  });
  expect(logged.join("\n")).toContain("GET /api/guilds failed");
});
