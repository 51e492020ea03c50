import { expect } from "vitest";
import { appTest as test } from "./appFixture.ts";

test("guilds: create, list, get; a taken name is a 409", async ({ fixture: { call } }) => {
  const created = await call("POST", "/api/guilds", { name: "acme" });
  expect(created.status).toBe(201);
  const guild = await created.json();
  expect(guild).toEqual({ id: expect.stringMatching(/^g_/), name: "acme", created_at: expect.any(String) });
  expect(await (await call("GET", "/api/guilds")).json()).toEqual({ guilds: [guild], next_cursor: null });
  expect(await (await call("GET", `/api/guilds/${guild.id}`)).json()).toEqual(guild);

  const again = await call("POST", "/api/guilds", { name: "acme" });
  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({
    error: { code: "guild.exists", message: 'A guild named "acme" exists; pick another name.' },
  });
});

test("repositories: a URL with a token (never shown) and a local path", async ({ fixture: { call } }) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const remote = await call("POST", `/api/guilds/${guild.id}/repositories`, {
    name: "web",
    url: "https://example.com/acme/web.git",
    token: "ghp_repository_token_value",
  });
  expect(remote.status).toBe(201);
  const local = await call("POST", `/api/guilds/${guild.id}/repositories`, {
    name: "tools",
    local_path: "/srv/tools",
  });
  expect(await local.json()).toMatchObject({
    name: "tools",
    local_path: "/srv/tools",
    url: null,
    has_token: false,
  });
  const listed = await call("GET", `/api/guilds/${guild.id}/repositories`);
  const text = await listed.text();
  expect(text).not.toContain("ghp_repository_token_value");
  expect(JSON.parse(text).repositories).toMatchObject([
    { name: "tools" },
    { name: "web", url: "https://example.com/acme/web.git", has_token: true },
  ]);
});

test("agents: create, list, get, update, with a script for the scripted provider", async ({
  fixture: { call },
}) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const script = { steps: [{ type: "reply", text: "hi" }], final_text: "Done." };
  const created = await call("POST", `/api/guilds/${guild.id}/agents`, {
    name: "coder",
    model: { provider: "scripted", name: "scripted" },
    max_tool_calls: 20,
    script,
  });
  expect(created.status).toBe(201);
  const agent = await created.json();
  expect(agent).toEqual({
    id: expect.stringMatching(/^ag_/),
    guild_id: guild.id,
    name: "coder",
    harness: null,
    harness_model: null,
    harness_effort: null,
    model: { provider: "scripted", name: "scripted", base_url: null },
    coding: true,
    max_tool_calls: 20,
    idle_stop_minutes: 30,
    limits: { pids: null, memory_bytes: null, cpus: null, disk_bytes: null },
    effective_limits: {
      pids: 1024,
      memory_bytes: 4 * 1024 ** 3,
      cpus: 2,
      disk_bytes: 20 * 1024 ** 3,
      tmpfs_bytes: 256 * 1024 ** 2,
    },
    script: { steps: [{ type: "reply", text: "hi", tool_calls: [], delay_ms: 0 }], final_text: "Done." },
    created_at: expect.any(String),
    updated_at: expect.any(String),
  });
  expect((await (await call("GET", `/api/guilds/${guild.id}/agents`)).json()).agents).toEqual([agent]);

  const updated = await call("PATCH", `/api/agents/${agent.id}`, {
    harness: "claude",
    harness_effort: "high",
    coding: false,
    model: { provider: "openai-compatible", name: "qwen3:8b", base_url: "http://127.0.0.1:8080/v1" },
    idle_stop_minutes: 5,
  });
  expect(updated.status).toBe(200);
  expect(await updated.json()).toMatchObject({
    harness: "claude",
    harness_effort: "high",
    coding: false,
    model: { provider: "openai-compatible", name: "qwen3:8b", base_url: "http://127.0.0.1:8080/v1" },
    idle_stop_minutes: 5,
    max_tool_calls: 20,
  });
  expect(await (await call("GET", `/api/agents/${agent.id}`)).json()).toMatchObject({ coding: false });
});

test("runs: start, list, get with messages, continue, cancel, one tool call", async ({
  fixture: { call, store },
}) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const agent = await (
    await call("POST", `/api/guilds/${guild.id}/agents`, {
      name: "coder",
      model: { provider: "scripted", name: "scripted" },
    })
  ).json();
  const started = await call("POST", `/api/agents/${agent.id}/runs`, { message: "hello" });
  expect(started.status).toBe(201);
  const run = await started.json();
  expect(run).toMatchObject({ agent_id: agent.id, guild_id: guild.id, status: "running" });
  expect((await (await call("GET", `/api/agents/${agent.id}/runs`)).json()).runs).toMatchObject([
    { id: run.id },
  ]);

  const toolCall = await store.toolCalls.create({
    runId: String(run.id),
    generationId: null,
    callId: "toolu_1",
    tool: "shell",
    argumentsText: '{"command":"ls"}',
  });
  await store.toolCalls.end(toolCall.id, { status: "completed", result: "a\nb", metadata: { exit_code: 0 } });

  expect((await call("POST", `/api/runs/${run.id}/messages`, { message: "more" })).status).toBe(202);
  const detail = await (await call("GET", `/api/runs/${run.id}`)).json();
  expect(detail.messages).toMatchObject([
    { seq: 1, role: "operator", content: { text: "hello" } },
    { seq: 2, role: "operator", content: { text: "more" } },
  ]);
  expect(detail.tool_calls).toMatchObject([{ id: toolCall.id, tool: "shell", status: "completed" }]);
  const summary = await (await call("GET", `/api/runs/${run.id}/summary`)).json();
  const {
    messages: _messages,
    generations: _generations,
    tool_calls: _toolCalls,
    queued_messages: _queued,
    ...runOfDetail
  } = detail;
  expect(summary).toEqual(runOfDetail);
  expect(summary).not.toHaveProperty("messages");
  expect((await call("GET", "/api/runs/r-missing/summary")).status).toBe(404);

  for (const id of [toolCall.id, "toolu_1"]) {
    const one = await call("GET", `/api/runs/${run.id}/tool-calls/${id}`);
    expect(await one.json()).toMatchObject({
      id: toolCall.id,
      call_id: "toolu_1",
      arguments: { command: "ls" },
      result: "a\nb",
      metadata: { exit_code: 0 },
    });
  }
  const cancelled = await call("POST", `/api/runs/${run.id}/cancel`);
  expect(await cancelled.json()).toMatchObject({ status: "cancelled" });
});
