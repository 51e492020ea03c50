import { GuildsError } from "@guilds/protocol/guildsError";
import { bridgeStdioToServer } from "../mcp/stdioBridge.ts";
import { apiClientFromEnvironment } from "./apiClient.ts";
import { parseCommandArgs, takePositionals } from "./commandArgs.ts";
import { resolveAgentOverApi } from "./remoteAgent.ts";
import { EXIT_OK } from "./usage.ts";
import { writeOut } from "./writeOut.ts";

/**
 * guilds mcp --agent <guild>/<agent>: the agent's tools to an MCP client on stdin and stdout, through
 * the running server's /mcp (GUILDS_URL, GUILDS_TOKEN); the session is a run of the agent there.
 */
export async function runMcp(argv: string[], environment: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseCommandArgs("mcp", argv, { agent: { type: "string" } });
  takePositionals("mcp --agent <guild>/<agent>", positionals, []);
  const reference = values.agent?.trim();
  if (!reference) {
    throw new GuildsError("cli.usage", "mcp needs --agent <guild>/<agent>: the agent whose tools to serve.");
  }
  const api = apiClientFromEnvironment(environment);
  const agent = await resolveAgentOverApi(api, reference);
  const url = new URL(`${api.baseUrl}/mcp`);
  url.searchParams.set("agent", agent.id);
  await bridgeStdioToServer(url, environment.GUILDS_TOKEN?.trim() ?? "", (line) => {
    void writeOut(process.stderr, `guilds mcp: ${line}\n`);
  });
  return EXIT_OK;
}
