import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  InitializeResultSchema,
  isJSONRPCRequest,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";

/** JSON-RPC's code for a server error of the implementation's own. */
const BRIDGE_ERROR = -32000;

/**
 * Relays an MCP client on this process's stdin and stdout to the server's /mcp, message by message:
 * the session, its calls, cancels and progress are the server's. Resolves once either side has
 * closed; the server's session is ended then (its run ends).
 */
export async function bridgeStdioToServer(
  mcpUrl: URL,
  token: string,
  report: (line: string) => void,
): Promise<void> {
  const upstream = new StreamableHTTPClientTransport(mcpUrl, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const local = new StdioServerTransport();
  const initializeIds = new Set<string | number>();
  let closing: Promise<void> | null = null;
  let closed: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const close = () => {
    closing ??= (async () => {
      await upstream.terminateSession().catch(() => undefined);
      await Promise.allSettled([upstream.close(), local.close()]);
      closed();
    })();
    return closing;
  };

  local.onmessage = (message) => {
    if (isJSONRPCRequest(message) && message.method === "initialize") initializeIds.add(message.id);
    upstream.send(message).catch((caught: unknown) => {
      const reason = caught instanceof Error ? caught.message : String(caught);
      report(`the guilds server at ${mcpUrl.origin} refused or did not answer: ${reason}`);
      if (isJSONRPCRequest(message)) {
        void local.send({
          jsonrpc: "2.0",
          id: message.id,
          error: {
            code: BRIDGE_ERROR,
            message: `The guilds server at ${mcpUrl.origin} did not answer: ${reason}`,
          },
        });
      }
    });
  };
  upstream.onmessage = (message: JSONRPCMessage) => {
    // Later requests carry the protocol version the server answered, as the SDK's own client does.
    if ("id" in message && "result" in message && initializeIds.delete(message.id)) {
      const initialized = InitializeResultSchema.safeParse(message.result);
      if (initialized.success) upstream.setProtocolVersion(initialized.data.protocolVersion);
    }
    void local.send(message);
  };
  upstream.onerror = (error) => report(`the connection to the guilds server: ${error.message}`);
  local.onclose = () => void close();
  upstream.onclose = () => void close();
  // The client closing our stdin, or stopping us (Claude Code sends SIGTERM as it exits), ends the
  // session: the SDK's stdio transport watches for neither.
  process.stdin.once("end", () => void close());
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.once(signal, () => void close());
  await upstream.start();
  await local.start();
  return finished;
}
