import { RunBoardList } from "@guilds/protocol/runBoardViews";
import type { Context } from "hono";
import { notFound } from "../../store/notFound.ts";
import type { BoardRun } from "../../store/runBoard.ts";
import type { Store } from "../../store/store.ts";
import { type ApiRoute, defineRoute, defineStreamRoute } from "../apiRoute.ts";
import type { AppDeps } from "../appDeps.ts";
import { PAGE_QUERY, pageOf, pageRequest } from "../pagination.ts";
import { forbidden } from "../routeScope.ts";
import { RUN_BOARD_QUERY, type RunBoardQuery, runBoardQuery } from "../runBoardQuery.ts";
import { streamRunEvents } from "../sse.ts";
import { runView } from "../views.ts";

/** The runs board: every run the token sees across guilds and agents, and their starts and ends live. */
export function runBoardRoutes(deps: AppDeps): ApiRoute[] {
  const { store } = deps;
  return [
    defineRoute({
      method: "get",
      path: "/api/runs",
      summary:
        "List the runs across guilds and agents, newest first, with the counts of runs at work and waiting (a guild's or an agent's token: its own)",
      response: RunBoardList,
      query: [...RUN_BOARD_QUERY, ...PAGE_QUERY],
      handle: async ({ c }) => {
        const query = runBoardQuery(c);
        const request = pageRequest(c);
        const scope = await scopeOf(c, store, query);
        const [runs, counts] = await Promise.all([
          store.runBoard.list({
            ...(query.guildId === undefined ? {} : { guildId: query.guildId }),
            ...(query.agentId === undefined ? {} : { agentId: query.agentId }),
            ...scope,
            statuses: query.statuses,
            ...(query.search === undefined ? {} : { search: query.search }),
            ...(request.after === undefined ? {} : { before: request.after }),
            limit: request.limit + 1,
          }),
          store.runBoard.counts(scope),
        ]);
        const page = pageOf(runs, request, (run) => run.id);
        return { runs: page.rows.map(boardRunView), next_cursor: page.next_cursor, ...counts };
      },
    }),
    defineStreamRoute({
      method: "get",
      path: "/api/run-events",
      summary:
        "Every run's run.started and run.ended as SSE, live only: read GET /api/runs again on (re)connecting (a guild's token: its guild's)",
      handle: async ({ c }) => {
        const scope = c.get("tokenScope");
        if (scope.kind === "agent") throw forbidden(scope, "GET /api/run-events");
        const guildId = scope.kind === "guild" ? { guildId: scope.guildId } : {};
        return streamRunEvents(c, deps, { lifecycle: true, ...guildId }, undefined);
      },
    }),
  ];
}

/**
 * What the token may see ({} for an operator's), after checking the filters' ids: an id that does
 * not exist, or lies outside the scope, is answered not found, as a route with it in its path is.
 */
async function scopeOf(
  c: Context,
  store: Store,
  query: RunBoardQuery,
): Promise<{ guildId?: string; agentId?: string }> {
  const scope = c.get("tokenScope");
  const scopeGuild = scope.kind === "operator" ? undefined : scope.guildId;
  const scopeAgent = scope.kind === "agent" ? scope.agentId : undefined;
  if (query.guildId !== undefined) {
    if (scopeGuild !== undefined && query.guildId !== scopeGuild) throw notFound("guild", query.guildId);
    await store.guilds.get(query.guildId);
  }
  if (query.agentId !== undefined) {
    if (scopeAgent !== undefined && query.agentId !== scopeAgent) throw notFound("agent", query.agentId);
    const agent = await store.agents.get(query.agentId);
    if (scopeGuild !== undefined && agent.guildId !== scopeGuild) throw notFound("agent", query.agentId);
  }
  return {
    ...(scopeGuild === undefined ? {} : { guildId: scopeGuild }),
    ...(scopeAgent === undefined ? {} : { agentId: scopeAgent }),
  };
}

function boardRunView(run: BoardRun) {
  return {
    ...runView(run),
    board_status: run.boardStatus,
    agent_name: run.agentName,
    guild_name: run.guildName,
  };
}
