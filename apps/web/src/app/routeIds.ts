import { matchPath } from "react-router";

/** The ids a path names (App.tsx's routes), for the breadcrumbs that sit outside the routes. */
export interface RouteIds {
  guildId?: string;
  agentId?: string;
  runId?: string;
}

export function routeIdsOf(pathname: string): RouteIds {
  const guild = matchPath("/guilds/:guildId", pathname);
  if (guild?.params.guildId !== undefined) return { guildId: guild.params.guildId };
  const agent = matchPath("/agents/:agentId", pathname);
  if (agent?.params.agentId !== undefined) return { agentId: agent.params.agentId };
  const run = matchPath("/runs/:runId", pathname);
  if (run?.params.runId !== undefined) return { runId: run.params.runId };
  return {};
}
