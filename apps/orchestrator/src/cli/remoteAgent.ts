import { allPages } from "@guilds/client/allPages";
import type { GuildsClient } from "@guilds/client/guildsClient";
import { GuildsError } from "@guilds/protocol/guildsError";

interface RemoteAgent {
  id: string;
  name: string;
}

/** An agent through the API: "<guild>/<agent>", an agent's name when only one guild has it, or its id. */
export async function resolveAgentOverApi(api: GuildsClient, reference: string): Promise<RemoteAgent> {
  const guilds = [];
  for await (const page of allPages((cursor) =>
    api.answer(api.GET("/api/guilds", { params: { query: { cursor } } })),
  )) {
    guilds.push(...page.guilds);
  }
  const slash = reference.indexOf("/");
  const guildName = slash >= 0 ? reference.slice(0, slash) : undefined;
  const agentName = slash >= 0 ? reference.slice(slash + 1) : reference;
  const matches: RemoteAgent[] = [];
  for (const guild of guilds) {
    if (guildName !== undefined && guild.name !== guildName && guild.id !== guildName) continue;
    const pages = allPages((cursor) =>
      api.answer(
        api.GET("/api/guilds/{guildId}/agents", {
          params: { path: { guildId: guild.id }, query: { cursor } },
        }),
      ),
    );
    for await (const { agents } of pages) {
      matches.push(...agents.filter((agent) => agent.name === agentName || agent.id === agentName));
    }
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
