import { queryOptions } from "@tanstack/react-query";
import { answer, guildsApi } from "./apiClient.ts";

/*
 * The API's lists and details as react-query options, one key per resource, so every view that
 * shows a guild or an agent (a page, the breadcrumbs) shares one cached answer, and a mutation
 * invalidates by the same keys.
 */

/** Whose secrets: a guild's or an agent's. */
export type SecretOwner = "guild" | "agent";

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
    queryFn: async () => (await answer(guildsApi.GET("/api/guilds"))).guilds,
  });

export const guildQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.guild(guildId),
    queryFn: () => answer(guildsApi.GET("/api/guilds/{guildId}", { params: { path: { guildId } } })),
  });

export const repositoriesQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.repositories(guildId),
    queryFn: async () =>
      (await answer(guildsApi.GET("/api/guilds/{guildId}/repositories", { params: { path: { guildId } } })))
        .repositories,
  });

export const agentsQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.agents(guildId),
    queryFn: async () =>
      (await answer(guildsApi.GET("/api/guilds/{guildId}/agents", { params: { path: { guildId } } }))).agents,
  });

export const agentQuery = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.agent(agentId),
    queryFn: () => answer(guildsApi.GET("/api/agents/{agentId}", { params: { path: { agentId } } })),
  });

export const agentRunsQuery = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.agentRuns(agentId),
    queryFn: async () =>
      (await answer(guildsApi.GET("/api/agents/{agentId}/runs", { params: { path: { agentId } } }))).runs,
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
    queryFn: async () =>
      (
        await answer(
          owner === "guild"
            ? guildsApi.GET("/api/guilds/{guildId}/secrets", { params: { path: { guildId: ownerId } } })
            : guildsApi.GET("/api/agents/{agentId}/secrets", { params: { path: { agentId: ownerId } } }),
        )
      ).secrets,
  });
