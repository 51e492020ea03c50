import { GuildsError } from "@guilds/protocol/guildsError";
import type { ApiClient } from "./apiClient.ts";

interface RemoteAgent {
  id: string;
  name: string;
}

/** An agent through the API: "<guild>/<agent>", an agent's name when only one guild has it, or its id. */
export async function resolveAgentOverApi(api: ApiClient, reference: string): Promise<RemoteAgent> {
  const { guilds } = await api.json<{ guilds: { id: string; name: string }[] }>("GET", "/api/guilds");
  const slash = reference.indexOf("/");
  const guildName = slash >= 0 ? reference.slice(0, slash) : undefined;
  const agentName = slash >= 0 ? reference.slice(slash + 1) : reference;
  const matches: RemoteAgent[] = [];
  for (const guild of guilds) {
    if (guildName !== undefined && guild.name !== guildName && guild.id !== guildName) continue;
    const { agents } = await api.json<{ agents: RemoteAgent[] }>("GET", `/api/guilds/${guild.id}/agents`);
    matches.push(...agents.filter((agent) => agent.name === agentName || agent.id === agentName));
  }
  const [only, ...others] = matches;
  if (only !== undefined && others.length === 0) return only;
  throw new GuildsError(
    "cli.usage",
    only === undefined
      ? `the server at ${api.baseUrl} has no agent "${reference}"; \`guilds agent list\` lists them.`
      : `${matches.length} guilds have an agent "${agentName}"; name it as <guild>/${agentName}.`,
  );
}
