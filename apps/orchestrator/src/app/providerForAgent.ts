import { createModelProvider } from "../providers/createModelProvider.ts";
import type { ModelProvider } from "../providers/modelProvider.ts";
import type { ModelScript } from "../providers/modelScript.ts";
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
  // A scripted provider keeps no state: one per script read (and model name) serves every generation.
  const scripted = new WeakMap<ModelScript, { model: string; provider: ModelProvider }>();
  return (agent, secretEnv) => {
    if (agent.modelProvider !== "scripted") return defaultProviderFor(agent, secretEnv, { environment });
    const script = scripts.get(agent.id);
    if (script === undefined) {
      return createModelProvider({ provider: "scripted", model: agent.modelName, script: { steps: [] } });
    }
    const known = scripted.get(script);
    if (known?.model === agent.modelName) return known.provider;
    const provider = createModelProvider({ provider: "scripted", model: agent.modelName, script });
    scripted.set(script, { model: agent.modelName, provider });
    return provider;
  };
}
