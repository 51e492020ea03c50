import { cloneRoute } from "./repositorySource.ts";

/** A repository's token and the remote it is for (git asks for credentials by protocol, host and path). */
export interface RepositoryCredential {
  /** The repository's remote URL, without a password. */
  url: string;
  token: string;
}

/** The guild's repositories that have a token, by repository name. */
export type RepositoryCredentials = Readonly<Record<string, RepositoryCredential>>;

/**
 * The credentials of the repositories that have a token: the store's token, else a password the
 * repository's URL held. Local paths take no token.
 */
export function repositoryCredentials(
  repositories: readonly { name: string; url: string | null }[],
  tokens: Readonly<Record<string, string>>,
): RepositoryCredentials {
  const credentials: Record<string, RepositoryCredential> = {};
  for (const repository of repositories) {
    if (repository.url === null) continue;
    const route = cloneRoute({ url: repository.url });
    if (route.kind !== "remote") continue;
    const token = Object.hasOwn(tokens, repository.name) ? tokens[repository.name] : route.embeddedToken;
    if (token !== undefined && token !== "") credentials[repository.name] = { url: route.url, token };
  }
  return credentials;
}

/** request.repo_tokens: the token of each repository by name, from which the helper sets GH_TOKEN in shell. */
export function repoTokensForRequest(credentials: RepositoryCredentials): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [name, credential] of Object.entries(credentials)) tokens[name] = credential.token;
  return tokens;
}

/**
 * Repository tokens are secrets: these values go to the redactor with the agent's and the guild's
 * secrets. A token can also be printed percent-encoded, inside a URL.
 */
export function repositoryTokenSecrets(credentials: RepositoryCredentials): string[] {
  const values = new Set<string>();
  for (const { token } of Object.values(credentials)) {
    values.add(token);
    values.add(encodeURIComponent(token));
  }
  return [...values];
}
