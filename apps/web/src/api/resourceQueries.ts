import type { AgentView, GuildView, RepositoryView, RunView, SecretView } from "@guilds/protocol/apiViews";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./apiClient.ts";

/*
 * The API's lists and details as react-query options, one key per resource, so every view that
 * shows a guild or an agent (a page, the breadcrumbs) shares one cached answer, and a mutation
 * invalidates by the same keys.
 */

export const queryKeys = {
  guilds: ["guilds"] as const,
  guild: (guildId: string) => ["guild", guildId] as const,
  repositories: (guildId: string) => ["guild", guildId, "repositories"] as const,
  agents: (guildId: string) => ["guild", guildId, "agents"] as const,
  agent: (agentId: string) => ["agent", agentId] as const,
  agentRuns: (agentId: string) => ["agent", agentId, "runs"] as const,
  run: (runId: string) => ["run", runId] as const,
  /** ownerPath: /api/guilds/<id> or /api/agents/<id>. */
  secrets: (ownerPath: string) => ["secrets", ownerPath] as const,
};

export const guildsQuery = () =>
  queryOptions({
    queryKey: queryKeys.guilds,
    queryFn: async () => (await api<{ guilds: GuildView[] }>("GET", "/api/guilds")).guilds,
  });

export const guildQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.guild(guildId),
    queryFn: () => api<GuildView>("GET", `/api/guilds/${encodeURIComponent(guildId)}`),
  });

export const repositoriesQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.repositories(guildId),
    queryFn: async () =>
      (
        await api<{ repositories: RepositoryView[] }>(
          "GET",
          `/api/guilds/${encodeURIComponent(guildId)}/repositories`,
        )
      ).repositories,
  });

export const agentsQuery = (guildId: string) =>
  queryOptions({
    queryKey: queryKeys.agents(guildId),
    queryFn: async () =>
      (await api<{ agents: AgentView[] }>("GET", `/api/guilds/${encodeURIComponent(guildId)}/agents`)).agents,
  });

export const agentQuery = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.agent(agentId),
    queryFn: () => api<AgentView>("GET", `/api/agents/${encodeURIComponent(agentId)}`),
  });

export const agentRunsQuery = (agentId: string) =>
  queryOptions({
    queryKey: queryKeys.agentRuns(agentId),
    queryFn: async () =>
      (await api<{ runs: RunView[] }>("GET", `/api/agents/${encodeURIComponent(agentId)}/runs`)).runs,
  });

/** The run itself, without its messages and tool calls (the flow has them from the event stream). */
export const runQuery = (runId: string) =>
  queryOptions({
    queryKey: queryKeys.run(runId),
    queryFn: () => api<RunView>("GET", `/api/runs/${encodeURIComponent(runId)}/summary`),
  });

export const secretsQuery = (ownerPath: string) =>
  queryOptions({
    queryKey: queryKeys.secrets(ownerPath),
    queryFn: async () => (await api<{ secrets: SecretView[] }>("GET", `${ownerPath}/secrets`)).secrets,
  });
