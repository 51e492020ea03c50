import { checkRepositoryName } from "../store/names.ts";

/** Where the guild's repositories are cloned, relative to the agent home. */
export const REPOSITORIES_FOLDER = "repos";

/** A repository's folder relative to the agent home: repos/<name>. Refuses a name that is not a folder name. */
export function repositoryFolder(name: string): string {
  return `${REPOSITORIES_FOLDER}/${checkRepositoryName(name)}`;
}
