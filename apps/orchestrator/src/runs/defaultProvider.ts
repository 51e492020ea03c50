import { ANTHROPIC_KEY_VARIABLE } from "../providers/anthropicProvider.ts";
import { createModelProvider } from "../providers/createModelProvider.ts";
import type { ModelConfigInput } from "../providers/modelConfig.ts";
import type { ModelProvider } from "../providers/modelProvider.ts";
import type { ModelProviderOptions } from "../providers/modelProviderOptions.ts";
import { OPENAI_COMPATIBLE_KEY_SECRET } from "../providers/openaiCompatibleProvider.ts";
import { OPENAI_KEY_VARIABLE } from "../providers/openaiProvider.ts";
import type { ModelProviderName } from "../store/agentSettings.ts";
import type { Agent } from "../store/agentStore.ts";

/** The secret each provider's key is read from. */
export const MODEL_KEY_SECRETS: Readonly<Record<Exclude<ModelProviderName, "scripted">, string>> = {
  anthropic: ANTHROPIC_KEY_VARIABLE,
  openai: OPENAI_KEY_VARIABLE,
  "openai-compatible": OPENAI_COMPATIBLE_KEY_SECRET,
};

/**
 * The provider an agent's stored model settings name. The key is the agent's secret (or its guild's,
 * under its name or an alias: `secretEnv` is what the agent's commands get, where the agent's own
 * wins), else the server's environment (anthropic and openai only). A scripted agent stores no
 * script: it plays an empty one and answers its final text.
 */
export function defaultProviderFor(
  agent: Agent,
  secretEnv: Readonly<Record<string, string>> = {},
  options?: ModelProviderOptions,
): ModelProvider {
  return createModelProvider(modelConfigOf(agent, secretEnv), options);
}

function modelConfigOf(agent: Agent, secretEnv: Readonly<Record<string, string>>): ModelConfigInput {
  const baseUrl = agent.modelBaseUrl ?? undefined;
  if (agent.modelProvider === "scripted") {
    return { provider: "scripted", model: agent.modelName, script: { steps: [] } };
  }
  const secretName = MODEL_KEY_SECRETS[agent.modelProvider];
  const apiKey = Object.hasOwn(secretEnv, secretName) ? secretEnv[secretName] : undefined;
  const key = apiKey === undefined || apiKey === "" ? {} : { api_key: apiKey };
  if (agent.modelProvider === "openai-compatible") {
    return { provider: "openai-compatible", model: agent.modelName, base_url: baseUrl ?? "", ...key };
  }
  return {
    provider: agent.modelProvider,
    model: agent.modelName,
    ...(baseUrl === undefined ? {} : { base_url: baseUrl }),
    ...key,
  };
}
