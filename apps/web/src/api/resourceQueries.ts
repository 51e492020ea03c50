import { allPages, type ListPage } from "@guilds/client/allPages";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { answer, guildsApi } from "./apiClient.ts";

/*
 * The API's lists and details as react-query options, one key per resource, so every view that
 * shows a guild or an agent (a page, the breadcrumbs) shares one cached answer, and a mutation
 * invalidates by the same keys.
 */

/** Whose secrets: a guild's or an agent's. */
export type SecretOwner = "guild" | "agent";

/** The most a list's page holds: lists other than runs are read whole, a page at a time. */
const WHOLE_LIST_PAGE = 1000;

/** Every item of a paged list, its pages read one after another. */
async function everyItem<Page extends ListPage, Item>(
  page: (cursor: string | undefined) => Promise<Page>,
  items: (page: Page) => Item[],
): Promise<Item[]> {
  const all: Item[] = [];
  for await (const answered of allPages(page)) all.push(...items(answered));
  return all;
}

export const queryKeys = {
  guilds: ["guilds"] as const,
  guild: (guildId: string) => ["guild", guildId] as const,
  repositories: (guildId: string) => ["guild", guildId, "repositories"] as const,
  agents: (guildId: string) => ["guild", guildId, "agents"] as const,
  agent: (agentId: string) => ["agent", agentId] as const,
  agentRuns: (agentId: string) => ["agent", agentId, "runs"] as const,
  run: (runId: string) => ["run", runId] as const,
  secrets: (owner: SecretOwner, ownerId: string) => ["secrets", owner, ownerId] as const,
};

export const guildsQuery = () =>
  queryOptions({
    queryKey: queryKeys.guilds,
    queryFn: () =>
      everyItem(
        (cursor) =>
          answer(guildsApi.GET("/api/guilds", { params: { query: { limit: WHOLE_LIST_PAGE, cursor } } })),
        (page) => page.guilds,
      ),
  });

export const guildQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.guild(guildId),
    queryFn: () => answer(guildsApi.GET("/api/guilds/{guildId}", { params: { path: { guildId } } })),
  });

export const repositoriesQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.repositories(guildId),
    queryFn: () =>
      everyItem(
        (cursor) =>
          answer(
            guildsApi.GET("/api/guilds/{guildId}/repositories", {
              params: { path: { guildId }, query: { limit: WHOLE_LIST_PAGE, cursor } },
            }),
          ),
        (page) => page.repositories,
      ),
  });

export const agentsQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.agents(guildId),
    queryFn: () =>
      everyItem(
        (cursor) =>
          answer(
            guildsApi.GET("/api/guilds/{guildId}/agents", {
              params: { path: { guildId }, query: { limit: WHOLE_LIST_PAGE, cursor } },
            }),
          ),
        (page) => page.agents,
      ),
  });

export const agentQuery = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.agent(agentId),
    queryFn: () => answer(guildsApi.GET("/api/agents/{agentId}", { params: { path: { agentId } } })),
  });

/** The agent's runs, newest first, a page (100) at a time: older pages on demand. */
export const agentRunsQuery = (agentId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.agentRuns(agentId),
    queryFn: ({ pageParam }) =>
      answer(
        guildsApi.GET("/api/agents/{agentId}/runs", {
          params: { path: { agentId }, query: pageParam === undefined ? {} : { cursor: pageParam } },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The run itself, without its messages and tool calls (the flow has them from the event stream). */
export const runQuery = (runId: string) =>
  queryOptions({
    queryKey: queryKeys.run(runId),
    queryFn: () => answer(guildsApi.GET("/api/runs/{runId}/summary", { params: { path: { runId } } })),
  });

export const secretsQuery = (owner: SecretOwner, ownerId: string) =>
  queryOptions({
    queryKey: queryKeys.secrets(owner, ownerId),
    queryFn: () =>
      everyItem(
        (cursor) => {
          const query = { limit: WHOLE_LIST_PAGE, cursor };
          return answer(
            owner === "guild"
              ? guildsApi.GET("/api/guilds/{guildId}/secrets", {
                  params: { path: { guildId: ownerId }, query },
                })
              : guildsApi.GET("/api/agents/{agentId}/secrets", {
                  params: { path: { agentId: ownerId }, query },
                }),
          );
        },
        (page) => page.secrets,
      ),
  });
