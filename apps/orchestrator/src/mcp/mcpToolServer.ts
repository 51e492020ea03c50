import { GuildsError } from "@guilds/protocol/guildsError";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ClientRun, RunClient } from "../runs/clientRun.ts";
import type { ModelToolSchema } from "../tools/tool.ts";

/** The server's name and version as MCP clients see them. */
export const MCP_SERVER_INFO = { name: "guilds", version: "0.1.0" };

export const MCP_SESSION_CLOSED = "the MCP session closed";

/** What an MCP session needs of the run service: a run of the session's agent, made when it starts. */
export type OpenClientRun = (client: RunClient) => Promise<ClientRun>;

/**
 * One MCP session's server: the agent's tools, with the names, descriptions and input schemas its
 * model sees, each call a call of the session's run (made once the client has initialized), its
 * result the stored text with the metadata as structured content. Closing the session ends the run.
 */
export function createMcpToolServer(openRun: OpenClientRun): Server {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  let run: Promise<ClientRun> | null = null;
  const runOf = (): Promise<ClientRun> => {
    if (run === null) {
      const client = server.getClientVersion();
      const name = client === undefined ? "client" : `${client.name} ${client.version}`.trim();
      run = openRun({ protocol: "mcp", name });
      // A run that could not be made is reported by the call that needed it.
      run.catch(() => undefined);
    }
    return run;
  };
  server.oninitialized = () => {
    void runOf();
  };
  server.onclose = () => {
    void run?.then((opened) => opened.close(MCP_SESSION_CLOSED)).catch(() => undefined);
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const opened = await runOf();
    return { tools: (await opened.tools()).map(mcpTool) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const opened = await runOf();
    try {
      const result = await opened.call(request.params.name, request.params.arguments ?? {}, {
        signal: extra.signal,
      });
      return {
        content: [{ type: "text", text: result.text }],
        structuredContent: { ...result.metadata, status: result.status, tool_call_id: result.toolCallId },
        isError: result.status !== "completed",
      };
    } catch (caught) {
      if (!(caught instanceof GuildsError)) throw caught;
      return { content: [{ type: "text", text: caught.message }], isError: true };
    }
  });
  return server;
}

function mcpTool(tool: ModelToolSchema): McpTool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: { ...tool.input_schema, type: "object" },
  };
}
