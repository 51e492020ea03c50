import type { Store } from "../store/store.ts";
import { countOf, type Deletion, namedCount } from "./deletion.ts";

/** Deletes a guild without agents, with its repositories, secrets and notes; see GuildStore.delete. */
export async function deleteGuild(store: Store, guildId: string): Promise<Deletion> {
  const { guild, repositories, secrets, notes } = await store.guilds.delete(guildId);
  const removed: string[] = [];
  if (repositories.length > 0) removed.push(namedCount(repositories, "repository", "repositories"));
  if (secrets.length > 0) removed.push(namedCount(secrets, "secret"));
  if (notes > 0) removed.push(countOf(notes, "note"));
  return { kind: "guild", id: guild.id, name: guild.name, removed, kept: [] };
}
