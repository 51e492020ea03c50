/** One decrypted secret, as secretValuesForAgent reads it. */
export interface DecryptedSecret {
  scope: string;
  name: string;
  aliases: string[];
  /** Set for a repository's token. */
  repositoryName: string | null;
  value: string;
}

/** What an agent's commands get, and what redaction hides. */
export interface AgentSecretValues {
  /** Each guild and agent secret under its name and each of its aliases. */
  env: Record<string, string>;
  /** The token of each repository that has one, by repository name (for GH_TOKEN). */
  repositoryTokens: Record<string, string>;
  /** Every distinct value, repository tokens included. */
  values: string[];
}

/**
 * When two secrets claim one variable, the more specific wins: an agent's secret over its guild's,
 * and within a scope a secret's own name over another's alias.
 */
export function buildAgentSecretValues(secrets: readonly DecryptedSecret[]): AgentSecretValues {
  const env: Record<string, string> = {};
  const repositoryTokens: Record<string, string> = {};
  const byScope = (scope: string) => secrets.filter((secret) => secret.scope === scope);
  for (const scoped of [byScope("guild"), byScope("agent")]) {
    for (const secret of scoped) for (const alias of secret.aliases) env[alias] = secret.value;
    for (const secret of scoped) env[secret.name] = secret.value;
  }
  for (const secret of byScope("repository")) {
    if (secret.repositoryName !== null) repositoryTokens[secret.repositoryName] = secret.value;
  }
  const values = [...new Set(secrets.map((secret) => secret.value))].filter((value) => value.length > 0);
  return { env, repositoryTokens, values };
}
