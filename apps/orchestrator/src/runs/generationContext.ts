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
