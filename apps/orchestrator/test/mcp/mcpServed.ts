import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import { apiOf } from "../server/liveServe.ts";
import { type ScriptedAgent, type ServeCase, scriptedAgent } from "../server/serveCases.ts";

export interface Served {
  agent: ScriptedAgent;
  url: string;
  api: ReturnType<typeof apiOf>;
}

/** `guilds serve` on a fresh data folder with guild acme, its agent sleeper (unconfined) and a token. */
export async function served(
  serveCase: ServeCase,
  environment: Record<string, string> = {},
): Promise<Served> {
  const agent = await scriptedAgent(serveCase.home("guilds-mcp-"), "unconfined", {
    steps: [],
    final_text: "Done.",
  });
  const server = await serveCase.serve({ ...agent.environment, ...environment, PORT: String(agent.port) });
  return { agent, url: server.url, api: apiOf(server.url, agent.token) };
}

/** The SDK's own client on /mcp for the agent, with the operator token; close() ends the session (DELETE). */
export function mcpClient(setup: Served, agent = "acme/sleeper"): Promise<Client> {
  return mcpClientAt(setup.url, setup.agent.token, agent);
}

/** The SDK's own client on `url`/mcp for `agent` (<guild>/<agent> or its id); close() ends the session. */
export async function mcpClientAt(url: string, token: string, agent: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(
    new URL(`${url}/mcp?agent=${encodeURIComponent(agent)}`),
    {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    },
  );
  const client = new Client({ name: "guilds-test", version: "1.2.3" });
  await client.connect(transport);
  const close = client.close.bind(client);
  client.close = async () => {
    await transport.terminateSession();
    await close();
  };
  return client;
}

/** The agent's one run, in detail (its messages and tool calls). */
export async function onlyRun(setup: Served): Promise<Record<string, unknown>> {
  const listed = await setup.api("GET", `/api/agents/${setup.agent.agentId}/runs`);
  const runs = listed.body.runs as Array<Record<string, unknown>>;
  expect(runs).toHaveLength(1);
  const detail = await setup.api("GET", `/api/runs/${String(runs[0]?.id)}`);
  return detail.body;
}

/** `read` again every 100 ms until `done` says so, for at most 15 s. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}
