import { GuildsError } from "@guilds/protocol/guildsError";
import type { Agent } from "../store/agentStore.ts";
import type { Guild } from "../store/guildStore.ts";
import type { Repository } from "../store/repositoryStore.ts";
import type { Store } from "../store/store.ts";

/** A guild by its name or its id. */
export async function findGuild(store: Store, nameOrId: string): Promise<Guild> {
  const guild =
    (await store.guilds.findByName(nameOrId)) ??
    (await store.guilds.list()).find((candidate) => candidate.id === nameOrId);
  if (guild) return guild;
  throw new GuildsError("cli.usage", `there is no guild "${nameOrId}"; \`guilds guild list\` lists them.`);
}

/** An agent by "<guild>/<agent>", or by its name alone when only one guild has an agent of that name. */
export async function findAgent(store: Store, reference: string): Promise<Agent> {
  const slash = reference.indexOf("/");
  if (slash >= 0) {
    const guild = await findGuild(store, reference.slice(0, slash));
    const name = reference.slice(slash + 1);
    const agent = await store.agents.findByName(guild.id, name);
    if (agent) return agent;
    throw new GuildsError(
      "cli.usage",
      `the guild ${guild.name} has no agent "${name}"; \`guilds agent list\` lists them.`,
    );
  }
  const matches: Agent[] = [];
  for (const guild of await store.guilds.list()) {
    const agent = await store.agents.findByName(guild.id, reference);
    if (agent) matches.push(agent);
  }
  const [only, ...others] = matches;
  if (only !== undefined && others.length === 0) return only;
  throw new GuildsError(
    "cli.usage",
    only === undefined
      ? `there is no agent "${reference}"; \`guilds agent list\` lists them.`
      : `${matches.length} guilds have an agent "${reference}"; name it as <guild>/${reference}.`,
  );
}

/** A repository of the guild, by its name. */
export async function findRepository(store: Store, guildName: string, name: string): Promise<Repository> {
  const guild = await findGuild(store, guildName);
  const repository = await store.repositories.findByName(guild.id, name);
  if (repository) return repository;
  throw new GuildsError(
    "cli.usage",
    `the guild ${guild.name} has no repository "${name}"; \`guilds repo list ${guild.name}\` lists them.`,
  );
}
