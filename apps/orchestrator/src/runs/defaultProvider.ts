import { createModelProvider } from "../providers/createModelProvider.ts";
import type { ModelConfigInput } from "../providers/modelConfig.ts";
import type { ModelProvider } from "../providers/modelProvider.ts";
import type { Agent } from "../store/agentStore.ts";

/**
 * The provider an agent's stored model settings name. Keys come from the server's environment.
 * A scripted agent stores no script: it plays an empty one and answers its final text.
 */
export function defaultProviderFor(agent: Agent): ModelProvider {
  return createModelProvider(modelConfigOf(agent));
}

function modelConfigOf(agent: Agent): ModelConfigInput {
  const baseUrl = agent.modelBaseUrl ?? undefined;
  switch (agent.modelProvider) {
    case "scripted":
      return { provider: "scripted", model: agent.modelName, script: { steps: [] } };
    case "openai-compatible":
      return { provider: "openai-compatible", model: agent.modelName, base_url: baseUrl ?? "" };
    default:
      return {
        provider: agent.modelProvider,
        model: agent.modelName,
        ...(baseUrl === undefined ? {} : { base_url: baseUrl }),
      };
  }
}
