import { describe, expect, test } from "vitest";
import { MCP_METADATA_KEY } from "../../src/mcp/mcpToolServer.ts";
import { OFFERED_TOOLS } from "../../src/tools/registry.ts";
import { modelToolSchema } from "../../src/tools/tool.ts";
import { runCli } from "../cli/runCli.ts";
import { useServeCase } from "../server/serveCases.ts";
import { mcpClient, mcpClientAt, onlyRun, type Served, served as servedIn, until } from "./mcpServed.ts";

const serveCase = useServeCase();
const served = (environment: Record<string, string> = {}) => servedIn(serveCase, environment);

describe("MCP over streamable HTTP (/mcp)", () => {
  test("the agent's tools as its model sees them; a call is a call of the session's run, its result the stored text", async () => {
    const setup = await served();
    const client = await mcpClient(setup);
    const { tools } = await client.listTools();
    expect(tools).toEqual(
      OFFERED_TOOLS.map(modelToolSchema).map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.input_schema,
      })),
    );

    const result = await client.callTool({ name: "shell", arguments: { command: "printf 'hi from mcp'" } });
    expect(result.isError).toBe(false);
    const content = result.content as Array<{ type: string; text: string }>;
    expect(content).toHaveLength(1);
    expect(content[0]?.type).toBe("text");
    const structured = result._meta?.[MCP_METADATA_KEY] as Record<string, unknown>;
    expect(structured).toMatchObject({ exit_code: 0, timed_out: false });

    const run = await onlyRun(setup);
    expect(run.status).toBe("running");
    // The run's usage and cost show in its metadata too: an MCP client's calls report none.
    expect(run.metadata).toEqual({
      client: { protocol: "mcp", name: "guilds-test 1.2.3" },
      usage: { input_tokens: 0, output_tokens: 0, cached_tokens: 0 },
      cost_usd: null,
    });
    const calls = run.tool_calls as Array<Record<string, unknown>>;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tool: "shell", status: "completed" });
    // The result's _meta carries the call's metadata as stored.
    expect(structured).toEqual(calls[0]?.metadata);
    // The text the client reads is the stored result, byte for byte: what the agent's model would read.
    expect(content[0]?.text).toBe(calls[0]?.result);
    expect(content[0]?.text).toBe("hi from mcp\n\nremaining_tool_calls: 99");
    expect(run.tool_calls_used).toBe(1);

    // Closing the session ends its run.
    await client.close();
    const ended = await until(
      () => onlyRun(setup),
      (value) => value.status !== "running",
      "the run to end",
    );
    expect(ended).toMatchObject({ status: "completed", status_reason: "the MCP session closed" });
  }, 60_000);

  test("a cancelled request cancels its call, as the run's cancel would; the session's run goes on", async () => {
    const setup = await served();
    const client = await mcpClient(setup);
    const controller = new AbortController();
    const long = client.callTool({ name: "shell", arguments: { command: "sleep 30" } }, undefined, {
      signal: controller.signal,
    });
    long.catch(() => undefined);
    await until(
      () => onlyRun(setup),
      (run) => (run.tool_calls as Array<Record<string, unknown>>).some((call) => call.status === "running"),
      "the long call to run",
    );
    controller.abort();
    await expect(long).rejects.toThrow();
    const run = await until(
      () => onlyRun(setup),
      (value) => (value.tool_calls as Array<Record<string, unknown>>)[0]?.status !== "running",
      "the call to end",
    );
    const [cancelled] = run.tool_calls as Array<Record<string, unknown>>;
    expect(cancelled?.status).toBe("cancelled");
    expect(run.status).toBe("running");

    const next = await client.callTool({ name: "shell", arguments: { command: "echo still here" } });
    expect((next.content as Array<{ text: string }>)[0]?.text).toBe("still here\n\nremaining_tool_calls: 98");
    await client.close();
  }, 60_000);

  test("an operator message to a session's run is refused while the client drives it", async () => {
    const setup = await served();
    const client = await mcpClient(setup);
    await client.callTool({ name: "shell", arguments: { command: "true" } });
    const run = await onlyRun(setup);
    const sent = await setup.api("POST", `/api/runs/${String(run.id)}/messages`, { message: "hello" });
    expect(sent.status).toBe(409);
    expect(sent.body).toEqual({
      error: {
        code: "run.busy",
        message: `Run ${String(run.id)} is an MCP session of guilds-test 1.2.3: its calls come from that client. Cancel the run (or end the session) to send it a message.`,
      },
    });
    await client.close();
  }, 60_000);

  test("the operator's cancel ends the session's run: later calls say so", async () => {
    const setup = await served();
    const client = await mcpClient(setup);
    await client.callTool({ name: "shell", arguments: { command: "true" } });
    const run = await onlyRun(setup);
    const cancelled = await setup.api("POST", `/api/runs/${String(run.id)}/cancel`);
    expect(cancelled.status).toBeLessThan(300);
    const after = await client.callTool({ name: "shell", arguments: { command: "true" } });
    expect(after.isError).toBe(true);
    expect((after.content as Array<{ text: string }>)[0]?.text).toBe(
      `Run ${String(run.id)} has ended (cancelled by the operator); open a new session to make more calls.`,
    );
    await client.close();
  }, 60_000);

  test("refused without a token, for an unknown agent, and for a session this server does not know", async () => {
    const setup = await served();
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
    };
    const post = (query: string, headers: Record<string, string>) =>
      fetch(`${setup.url}/mcp${query}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const bearer = { Authorization: `Bearer ${setup.agent.token}` };
    const anonymous = await post("?agent=acme/sleeper", {});
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("auth.missing");

    const unknown = await post("?agent=acme/nobody", bearer);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: {
        code: "agent.not_found",
        message: `The guild acme has no agent named "nobody"; GET /api/guilds/${await guildId(setup)}/agents lists them.`,
      },
    });

    const unnamed = await post("", bearer);
    expect(unnamed.status).toBe(400);

    const stale = await post("?agent=acme/sleeper", { ...bearer, "mcp-session-id": "gone" });
    expect(stale.status).toBe(404);
    expect(((await stale.json()) as { error: { code: number } }).error.code).toBe(-32001);
  }, 60_000);
});

test("a session idle for GUILDS_MCP_IDLE_MINUTES is closed and its run ended; its client is told to start anew", async () => {
  const setup = await served({ GUILDS_MCP_IDLE_MINUTES: "0.05" });
  const client = await mcpClient(setup);
  await client.callTool({ name: "shell", arguments: { command: "true" } });
  const ended = await until(
    () => onlyRun(setup),
    (value) => value.status !== "running",
    "the idle session's run to end",
  );
  expect(ended).toMatchObject({
    status: "completed",
    status_reason: "the MCP session was idle for 0.05 minutes",
  });
  await expect(client.callTool({ name: "shell", arguments: { command: "true" } })).rejects.toThrow(
    /No MCP session .* on this server \(it ended, or the server restarted\): initialize a new one\./,
  );
}, 60_000);

test("an agent's token: its agent without naming it, no other agent; token list names each token's scope", async () => {
  const setup = await served();
  const created = await runCli(
    ["token", "create", "sleeper-mcp", "--agent", "acme/sleeper"],
    setup.agent.environment,
  );
  expect(created.code, created.stderr).toBe(0);
  expect(created.stderr).toContain("This is token sleeper-mcp (agent acme/sleeper only), shown once");
  const token = created.stdout.trim();
  const client = await mcpClientAt(setup.url, token, "");
  const result = await client.callTool({ name: "shell", arguments: { command: "echo scoped" } });
  expect((result.content as Array<{ text: string }>)[0]?.text).toBe("scoped\n\nremaining_tool_calls: 99");
  await client.close();
  await expect(mcpClientAt(setup.url, token, "acme/nobody")).rejects.toThrow();
  const listed = await runCli(["token", "list"], setup.agent.environment);
  expect(listed.stdout).toMatch(/^me\teverything \(an operator's\)\tcreated /m);
  expect(listed.stdout).toMatch(/^sleeper-mcp\tagent acme\/sleeper only\tcreated /m);
  // Its REST routes are its agent's alone.
  const guilds = await fetch(`${setup.url}/api/guilds/${await guildId(setup)}/agents`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(guilds.status).toBe(403);
}, 60_000);

test("calls made at once all run in the session's run; the operator's cancel stops each and then ends the run", async () => {
  const setup = await served();
  const client = await mcpClient(setup);
  const calls = [1, 2].map((index) =>
    client.callTool({ name: "shell", arguments: { command: `sleep 30; echo ${index}` } }),
  );
  const running = await until(
    () => onlyRun(setup),
    (run) =>
      (run.tool_calls as Array<Record<string, unknown>>).filter((call) => call.status === "running")
        .length === 2,
    "both calls to run",
  );
  const cancelled = await setup.api("POST", `/api/runs/${String(running.id)}/cancel`);
  expect(cancelled.status).toBe(202);
  // The cancel answers once the run has ended, after both of its calls.
  const run = await onlyRun(setup);
  expect(run).toMatchObject({ status: "cancelled", status_reason: "cancelled by the operator" });
  expect((run.tool_calls as Array<Record<string, unknown>>).map((call) => call.status)).toEqual([
    "cancelled",
    "cancelled",
  ]);
  await Promise.allSettled(calls);
  await client.close();
}, 60_000);

test("a spent budget ends the session's run as it ends a run of the agent's model", async () => {
  const setup = await served();
  const patched = await setup.api("PATCH", `/api/agents/${setup.agent.agentId}`, { max_tool_calls: 1 });
  expect(patched.status).toBe(200);
  const client = await mcpClient(setup);
  await client.callTool({ name: "shell", arguments: { command: "true" } });
  const over = await client.callTool({ name: "shell", arguments: { command: "true" } });
  expect(over.isError).toBe(true);
  expect((over.content as Array<{ text: string }>)[0]?.text).toContain(
    "Not run: this run's max_tool_calls budget of 1 calls is spent.",
  );
  expect(await onlyRun(setup)).toMatchObject({
    status: "completed",
    status_reason: "max_tool_calls (1) spent",
  });
  await client.close();
}, 60_000);

async function guildId(setup: Served): Promise<string> {
  const guilds = await setup.api("GET", "/api/guilds");
  return String((guilds.body.guilds as Array<Record<string, unknown>>)[0]?.id);
}
