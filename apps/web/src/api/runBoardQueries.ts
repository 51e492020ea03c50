import type { RunBoardStatus } from "@guilds/protocol/runBoardViews";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { answer, guildsApi } from "./apiClient.ts";

/** The runs board's filters as the page holds them (and its URL says them). */
export interface RunBoardFilters {
  statuses: readonly RunBoardStatus[];
  guildId: string | null;
  agentId: string | null;
  search: string;
}

/** Every query of GET /api/runs: invalidated together when a run starts or ends. */
export const runBoardKey = ["run-board"] as const;

/** The filters as GET /api/runs's query. */
export function runBoardApiQuery(filters: RunBoardFilters, cursor: string | undefined) {
  return {
    ...(filters.statuses.length > 0 ? { status: filters.statuses.join(",") } : {}),
    ...(filters.guildId !== null ? { guild_id: filters.guildId } : {}),
    ...(filters.agentId !== null ? { agent_id: filters.agentId } : {}),
    ...(filters.search.trim() !== "" ? { q: filters.search.trim() } : {}),
    ...(cursor !== undefined ? { cursor } : {}),
  };
}

/** The board's runs, newest first, a page (100) at a time: older pages on demand. */
export const runBoardQuery = (filters: RunBoardFilters) =>
  infiniteQueryOptions({
    queryKey: [...runBoardKey, "list", filters],
    queryFn: ({ pageParam }) =>
      answer(guildsApi.GET("/api/runs", { params: { query: runBoardApiQuery(filters, pageParam) } })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The runs at work and waiting, of all the operator sees (one run's page of the board is read). */
export const runningCountQuery = () =>
  queryOptions({
    queryKey: [...runBoardKey, "count"],
    queryFn: async () => {
      const page = await answer(guildsApi.GET("/api/runs", { params: { query: { limit: 1 } } }));
      return { running: page.running, waiting: page.waiting };
    },
  });
