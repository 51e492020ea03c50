import { createModelProvider } from "../providers/createModelProvider.ts";
import { defaultProviderFor } from "../runs/defaultProvider.ts";
import type { ProviderForAgent } from "../runs/engineDeps.ts";
import type { AgentScripts } from "./agentScripts.ts";

/**
 * The model of an agent's generation, from its settings and secrets as they are now: a scripted
 * agent plays its script (none: an empty one, which answers at once); the others reach their
 * provider with the key of the agent's secrets, else of the server's environment.
 */
export function providerForAgent(
  scripts: AgentScripts,
  environment: Readonly<Record<string, string | undefined>>,
): ProviderForAgent {
  return (agent, secretEnv) => {
    if (agent.modelProvider !== "scripted") return defaultProviderFor(agent, secretEnv, { environment });
    const script = scripts.get(agent.id) ?? { steps: [] };
    return createModelProvider({ provider: "scripted", model: agent.modelName, script });
  };
}
