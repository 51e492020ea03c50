import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { expect, test } from "vitest";
import { OFFERED_TOOLS } from "../../src/tools/registry.ts";
import { cliEnvironment, GUILDS_BIN, runCli } from "../cli/runCli.ts";
import { useServeCase } from "../server/serveCases.ts";
import { onlyRun, served, until } from "./mcpServed.ts";

const serveCase = useServeCase();

test("guilds mcp: the agent's tools to a client on stdio, through the server; the session is a run, ended when the client goes", async () => {
  const setup = await served(serveCase);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [GUILDS_BIN, "mcp", "--agent", "acme/sleeper"],
    env: cliEnvironment({ GUILDS_URL: setup.url, GUILDS_TOKEN: setup.agent.token }),
    stderr: "pipe",
  });
  const client = new Client({ name: "stdio-test", version: "0.1" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(OFFERED_TOOLS.map((tool) => tool.name));
  const result = await client.callTool({ name: "shell", arguments: { command: "echo over stdio" } });
  expect(result.content).toEqual([{ type: "text", text: "over stdio\n\nremaining_tool_calls: 99" }]);

  const run = await onlyRun(setup);
  // The run's usage and cost show in its metadata too: an MCP client's calls report none.
  expect(run.metadata).toEqual({
    client: { protocol: "mcp", name: "stdio-test 0.1" },
    usage: { input_tokens: 0, output_tokens: 0, cached_tokens: 0 },
    cost_usd: null,
  });
  await client.close();
  const ended = await until(
    () => onlyRun(setup),
    (value) => value.status !== "running",
    "the run to end once the client closed",
  );
  expect(ended).toMatchObject({ status: "completed", status_reason: "the MCP session closed" });
}, 60_000);

test("guilds mcp: a missing --agent, a missing token and an unknown agent are refused before anything starts", async () => {
  const setup = await served(serveCase);
  const noAgent = await runCli(["mcp"], { GUILDS_URL: setup.url, GUILDS_TOKEN: setup.agent.token });
  expect(noAgent.code).toBe(2);
  expect(noAgent.stderr).toContain("mcp needs --agent <guild>/<agent>");
  const noToken = await runCli(["mcp", "--agent", "acme/sleeper"], { GUILDS_URL: setup.url });
  expect(noToken.code).toBe(2);
  expect(noToken.stderr).toContain("set GUILDS_TOKEN");
  const unknown = await runCli(["mcp", "--agent", "acme/nobody"], {
    GUILDS_URL: setup.url,
    GUILDS_TOKEN: setup.agent.token,
  });
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain(`the server at ${setup.url} has no agent "acme/nobody"`);
}, 60_000);
