import { GuildsError } from "@guilds/protocol/guildsError";
import { notFound, type StoredEntity } from "../store/notFound.ts";
import type { Store } from "../store/store.ts";
import type { TokenScope } from "../store/tokenStore.ts";
import type { ApiRoute } from "./apiRoute.ts";

/** The routes outside any guild that a scoped token may call: each answers its scope's part alone. */
const SCOPED_LISTS = ["GET /api/guilds", "GET /api/runs", "GET /api/run-events"];

/** Whose a route's path is: the guild and, below an agent or a run, the agent. */
interface Owner {
  entity: StoredEntity;
  id: string;
  guildId: string;
  agentId: string | null;
}

/**
 * Refuses a scoped token a route outside its scope: an id of another guild or agent is answered as
 * if it did not exist (404, the store's own not_found, so a token learns nothing of what it may not
 * see); a route of a kind the scope does not reach (creating a guild, deleting the scope itself,
 * an agent's token on its guild's routes) is 403 auth.forbidden. An operator's token passes.
 */
export async function checkRouteScope(
  scope: TokenScope,
  route: Pick<ApiRoute, "method" | "path">,
  params: Record<string, string>,
  store: Pick<Store, "runs" | "agents" | "repositories">,
): Promise<void> {
  if (scope.kind === "operator") return;
  const owner = await ownerOf(params, store);
  const operation = `${route.method.toUpperCase()} ${route.path}`;
  if (owner === null) {
    // These lists answer within the scope themselves (guildRoutes, runBoardRoutes); nothing else
    // here is a scope's.
    if (SCOPED_LISTS.includes(operation)) return;
    throw forbidden(scope, operation);
  }
  if (owner.guildId !== scope.guildId) throw notFound(owner.entity, owner.id);
  if (scope.kind === "guild") {
    if (operation === "DELETE /api/guilds/{guildId}") throw forbidden(scope, operation);
    return;
  }
  if (owner.agentId === null) {
    if (operation === "GET /api/guilds/{guildId}") return;
    throw forbidden(scope, operation);
  }
  if (owner.agentId !== scope.agentId) throw notFound(owner.entity, owner.id);
  if (operation === "DELETE /api/agents/{agentId}") throw forbidden(scope, operation);
}

async function ownerOf(
  params: Record<string, string>,
  store: Pick<Store, "runs" | "agents" | "repositories">,
): Promise<Owner | null> {
  const { runId, agentId, repositoryId, guildId } = params;
  if (runId !== undefined) {
    const run = await store.runs.get(runId);
    return { entity: "run", id: runId, guildId: run.guildId, agentId: run.agentId };
  }
  if (agentId !== undefined) {
    const agent = await store.agents.get(agentId);
    return { entity: "agent", id: agentId, guildId: agent.guildId, agentId: agent.id };
  }
  if (repositoryId !== undefined) {
    const repository = await store.repositories.get(repositoryId);
    return { entity: "repository", id: repositoryId, guildId: repository.guildId, agentId: null };
  }
  if (guildId !== undefined) return { entity: "guild", id: guildId, guildId, agentId: null };
  return null;
}

export function forbidden(scope: Exclude<TokenScope, { kind: "operator" }>, operation: string): GuildsError {
  const whose = scope.kind === "guild" ? `guild ${scope.guildId}'s` : `agent ${scope.agentId}'s`;
  return new GuildsError(
    "auth.forbidden",
    `This token is ${whose}: ${operation} is outside its scope. Use an operator's token (\`npx guilds token create <name>\`) for it.`,
  );
}
