import type { Store } from "../store/store.ts";
import { countOf, type Deletion } from "./deletion.ts";

/**
 * Deletes a repository and its token; see RepositoryStore.delete. The clones in the agents' homes
 * are their files and stay; a repository added again under the same name takes them up as they are.
 */
export async function deleteRepository(store: Store, repositoryId: string): Promise<Deletion> {
  const repository = await store.repositories.delete(repositoryId);
  const agents = await store.agents.list(repository.guildId);
  const kept =
    agents.length === 0
      ? []
      : [
          `its clones at repos/${repository.name} in the homes of the guild's ${countOf(agents.length, "agent")}: they are the agents' files (a repository added again as ${repository.name} takes them up as they are)`,
        ];
  return {
    kind: "repository",
    id: repository.id,
    name: repository.name,
    removed: repository.hasToken ? ["its token"] : [],
    kept,
  };
}
