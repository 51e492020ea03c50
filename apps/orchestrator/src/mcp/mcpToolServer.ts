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

/** Where a result carries the call's metadata (exit_code, log_path, ...): its `_meta`, under this key. */
export const MCP_METADATA_KEY = "guilds/metadata";

/** What an MCP session needs of the run service: a run of the session's agent, made when it starts. */
export type OpenClientRun = (client: RunClient) => Promise<ClientRun>;

export interface McpToolSession {
  server: Server;
  /** Whether a tool call of the session is running. */
  busy(): boolean;
  /** Ends the session's run with `reason` (before its transport closes, which would say "closed"). */
  endRun(reason: string): Promise<void>;
}

/**
 * One MCP session's server: the agent's tools, with the names, descriptions and input schemas its
 * model sees, each call a call of the session's run (made once the client has initialized), its
 * result the stored text, the metadata in `_meta`. Closing the session ends the run.
 */
export function createMcpToolSession(openRun: OpenClientRun): McpToolSession {
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  let run: Promise<ClientRun> | null = null;
  let running = 0;
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
    const progressToken = request.params._meta?.progressToken;
    let progress = 0;
    const onProgress = (lines: string[]) => {
      if (progressToken === undefined) return;
      progress += 1;
      void extra
        .sendNotification({
          method: "notifications/progress",
          params: { progressToken, progress, message: lines.join("\n") },
        })
        .catch(() => undefined);
    };
    running += 1;
    try {
      const result = await opened.call(request.params.name, request.params.arguments ?? {}, {
        signal: extra.signal,
        onProgress,
      });
      return {
        content: [{ type: "text", text: result.text }],
        // Not structuredContent: Claude Code (2.1) hands that to its model in place of the text.
        _meta: { [MCP_METADATA_KEY]: result.metadata },
        isError: result.status !== "completed",
      };
    } catch (caught) {
      if (!(caught instanceof GuildsError)) throw caught;
      return { content: [{ type: "text", text: caught.message }], isError: true };
    } finally {
      running -= 1;
    }
  });
  return {
    server,
    busy: () => running > 0,
    async endRun(reason) {
      await run?.then((opened) => opened.close(reason)).catch(() => undefined);
    },
  };
}

function mcpTool(tool: ModelToolSchema): McpTool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: { ...tool.input_schema, type: "object" },
  };
}
