import { randomUUID } from "node:crypto";
import { GuildsError } from "@guilds/protocol/guildsError";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import type { RunService } from "../runs/runService.ts";
import type { Agent } from "../store/agentStore.ts";
import { notFound } from "../store/notFound.ts";
import type { Store } from "../store/store.ts";
import type { TokenScope } from "../store/tokenStore.ts";
import { createMcpToolSession, type McpToolSession } from "./mcpToolServer.ts";

export interface McpHttpDeps {
  store: Pick<Store, "agents" | "guilds">;
  runs: Pick<RunService, "openClientRun">;
  /** A session with no request and no call running for this long is closed; default 60 minutes. */
  mcpIdleMs?: number;
  /** Closes every session (their event streams end) as the server stops. */
  stopping?: AbortSignal;
}

const DEFAULT_IDLE_MS = 60 * 60_000;

interface OpenSession {
  transport: WebStandardStreamableHTTPServerTransport;
  tools: McpToolSession;
  lastRequestAt: number;
}

/** The `mcp-session-id` header: which session a request after the first belongs to. */
const SESSION_HEADER = "mcp-session-id";

/**
 * POST/GET/DELETE /mcp?agent=<guild>/<agent> (or the agent's id): the agent's tools over MCP's
 * streamable HTTP, one session per client (an `mcp-session-id` the first answer gives), each session
 * a run of the agent. The bearer token is checked before (createApp).
 */
export function mcpHttpHandler(deps: McpHttpDeps): { handle(c: Context): Promise<Response> } {
  const sessions = new Map<string, OpenSession>();
  const idleMs = deps.mcpIdleMs ?? DEFAULT_IDLE_MS;
  // A client may vanish without ending its session: its run would stay "running" for good.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, session] of sessions) {
        if (session.tools.busy() || now - session.lastRequestAt < idleMs) continue;
        sessions.delete(id);
        void session.tools
          .endRun(`the MCP session was idle for ${idleMinutes(idleMs)}`)
          .then(() => session.transport.close());
      }
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();
  deps.stopping?.addEventListener("abort", () => {
    clearInterval(sweep);
    const open = [...sessions.values()];
    sessions.clear();
    for (const session of open) void session.transport.close();
  });

  const startSession = async (agent: Agent, request: Request) => {
    const tools = createMcpToolSession((client) => deps.runs.openClientRun(agent.id, client));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, tools, lastRequestAt: Date.now() });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await tools.server.connect(transport);
    return transport.handleRequest(request);
  };

  return {
    async handle(c) {
      const sessionId = c.req.header(SESSION_HEADER);
      if (sessionId !== undefined) {
        const session = sessions.get(sessionId);
        if (session === undefined) return unknownSession(sessionId);
        session.lastRequestAt = Date.now();
        return session.transport.handleRequest(c.req.raw);
      }
      const agent = await agentInScope(deps.store, c.get("tokenScope"), c.req.query("agent"));
      return startSession(agent, c.req.raw);
    },
  };
}

function idleMinutes(ms: number): string {
  const minutes = Math.round((ms / 60_000) * 100) / 100;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** MCP's answer to a request of a session this server does not know: 404, the client starts anew. */
function unknownSession(sessionId: string): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      error: {
        code: -32001,
        message: `No MCP session ${sessionId} on this server (it ended, or the server restarted): initialize a new one.`,
      },
      id: null,
    },
    { status: 404 },
  );
}

/** The agent named, which a scoped token must reach (another's is not found); an agent's token names its own. */
async function agentInScope(
  store: McpHttpDeps["store"],
  scope: TokenScope,
  reference: string | undefined,
): Promise<Agent> {
  if (scope.kind === "agent" && (reference === undefined || reference.trim() === "")) {
    return store.agents.get(scope.agentId);
  }
  const agent = await agentNamed(store, reference);
  const outside =
    (scope.kind === "guild" && agent.guildId !== scope.guildId) ||
    (scope.kind === "agent" && agent.id !== scope.agentId);
  if (outside) throw notFound("agent", reference ?? agent.id);
  return agent;
}

async function agentNamed(store: McpHttpDeps["store"], reference: string | undefined): Promise<Agent> {
  if (reference === undefined || reference.trim() === "") {
    throw new GuildsError(
      "request.invalid",
      "Name the agent whose tools to serve: /mcp?agent=<guild>/<agent> (or the agent's id; an agent's token may leave it out).",
    );
  }
  const slash = reference.indexOf("/");
  if (slash < 0) return store.agents.get(reference);
  const guildName = reference.slice(0, slash);
  const agentName = reference.slice(slash + 1);
  const guild = await store.guilds.findByName(guildName);
  const agent = guild === undefined ? undefined : await store.agents.findByName(guild.id, agentName);
  if (agent !== undefined) return agent;
  throw new GuildsError(
    "agent.not_found",
    guild === undefined
      ? `There is no guild named ${JSON.stringify(guildName)}; GET /api/guilds lists them.`
      : `The guild ${guild.name} has no agent named ${JSON.stringify(agentName)}; GET /api/guilds/${guild.id}/agents lists them.`,
  );
}
