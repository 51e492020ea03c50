import { createRedactor, type Redactor } from "../pipeline/redactor.ts";
import {
  type RepositoryCredentials,
  repositoryCredentials,
  repositoryTokenSecrets,
} from "../repos/repositoryTokens.ts";
import type { Agent } from "../store/agentStore.ts";
import type { Repository } from "../store/repositoryStore.ts";
import type { Store } from "../store/store.ts";
import { defaultWorkingDirectory } from "../toolbox/workingDirectory.ts";

/** What one generation reads live from the store: the agent as it is now, its secrets, its repositories. */
export interface GenerationContext {
  agent: Agent;
  repositories: Repository[];
  /** The agent's and the guild's secrets under their names and aliases: every command's environment. */
  secretEnv: Record<string, string>;
  credentials: RepositoryCredentials;
  /** Every secret value of the agent and the guild, and every repository token. */
  redactor: Redactor;
  defaultCwd: string;
}

export async function loadGenerationContext(store: Store, agentId: string): Promise<GenerationContext> {
  const agent = await store.agents.get(agentId);
  const [secrets, repositories] = await Promise.all([
    store.secrets.secretValuesForAgent(agent),
    store.repositories.list(agent.guildId),
  ]);
  const credentials = repositoryCredentials(repositories, secrets.repositoryTokens);
  return {
    agent,
    repositories,
    secretEnv: secrets.env,
    credentials,
    redactor: createRedactor([...secrets.values, ...repositoryTokenSecrets(credentials)]),
    defaultCwd: defaultWorkingDirectory(repositories.map((repository) => repository.name)),
  };
}

/**
 * A run's context, read again only once the store's context version moved (an agent, a secret, a
 * repository written by this process or another): a secret set mid-run is redacted from the next
 * result on. The version is read before the context, so a write between the two reads it again.
 */
export function runContextSource(store: Store, agentId: string): () => Promise<GenerationContext> {
  let loaded: { version: number; context: GenerationContext } | undefined;
  return async () => {
    const version = await store.contextVersion();
    if (loaded?.version === version) return loaded.context;
    const context = await loadGenerationContext(store, agentId);
    loaded = { version, context };
    return context;
  };
}
