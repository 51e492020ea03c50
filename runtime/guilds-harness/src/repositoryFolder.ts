import { statSync } from "node:fs";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";

/** Where the guild's repositories are cloned in the home: repos/<name>. */
const REPOSITORIES_FOLDER = "repos";

/** The CLI's working directory: repos/<repo> in the home, which must exist. */
export function repositoryFolder(home: string, repo: string): string {
  if (repo !== path.basename(repo) || repo === "." || repo === "..") {
    throw new GuildsError(
      "repo.invalid",
      `${JSON.stringify(repo)} is not a repository folder name under repos/.`,
    );
  }
  const folder = path.join(home, REPOSITORIES_FOLDER, repo);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new GuildsError(
      "repo.missing",
      `There is no repository ${REPOSITORIES_FOLDER}/${repo} in the agent's home.`,
    );
  }
  return folder;
}
