import { CodeTaskError } from "./codeTaskError.ts";

/**
 * Step 2: repo, else the guild's only repository. No repository, an unknown name, or no repo with
 * several is an error naming the guild's repositories. A session's repository is not checked: the
 * agent passes the one the session started in.
 */
export function taskRepository(repo: string | undefined, repositoryNames: readonly string[]): string {
  if (repositoryNames.length === 0) {
    throw new CodeTaskError(
      "repository.none",
      "The guild has no repositories, so a harness has nowhere to work. The operator adds one with `npx guilds repo add <guild> <name> <url-or-path>`; until then, work in the home with shell.",
    );
  }
  const listed = repositoryNames.join(", ");
  if (repo !== undefined) {
    if (repositoryNames.includes(repo)) return repo;
    throw new CodeTaskError(
      "repository.unknown",
      `The guild has no repository named ${JSON.stringify(repo)}. Its repositories are: ${listed}. Pass one of them as repo.`,
    );
  }
  const [only] = repositoryNames;
  if (repositoryNames.length === 1 && only !== undefined) return only;
  throw new CodeTaskError(
    "repository.ambiguous",
    `The guild has several repositories (${listed}), so code_task needs repo: pass the one to work in.`,
  );
}
