import { createModelProvider } from "../providers/createModelProvider.ts";
import type { ModelProvider } from "../providers/modelProvider.ts";
import { defaultProviderFor } from "../runs/defaultProvider.ts";
import type { Agent } from "../store/agentStore.ts";
import type { AgentScripts } from "./agentScripts.ts";

/**
 * The model of an agent's generation, from its settings as they are now: a scripted agent plays
 * its script (none: an empty one, which answers at once); the others reach their provider.
 */
export function providerForAgent(scripts: AgentScripts): (agent: Agent) => ModelProvider {
  return (agent) => {
    if (agent.modelProvider !== "scripted") return defaultProviderFor(agent);
    const script = scripts.get(agent.id) ?? { steps: [] };
    return createModelProvider({ provider: "scripted", model: agent.modelName, script });
  };
}
