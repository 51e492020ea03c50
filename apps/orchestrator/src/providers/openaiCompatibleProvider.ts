import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createAiSdkProvider } from "./aiSdkProvider.ts";
import type { ModelProvider } from "./modelProvider.ts";
import { describeEndpoint, type ResolvedProviderOptions } from "./modelProviderOptions.ts";

export interface OpenAICompatibleConfig {
  model: string;
  base_url: string;
  api_key?: string;
}

/**
 * Any server speaking Chat Completions (POST /chat/completions, streamed): llama.cpp, vLLM,
 * Ollama, LM Studio, OpenRouter. The key is optional: local servers usually take none.
 */
export function createOpenAICompatibleProvider(
  config: OpenAICompatibleConfig,
  options: ResolvedProviderOptions,
): ModelProvider {
  const endpoint = describeEndpoint(config.base_url);
  const compatible = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.base_url,
    apiKey: config.api_key,
    // Asks for the token counts in the last chunk (stream_options.include_usage).
    includeUsage: true,
  });
  return createAiSdkProvider({
    provider: "openai-compatible",
    languageModel: compatible.chatModel(config.model),
    server: {
      name: "the OpenAI-compatible server",
      endpoint,
      model: config.model,
      keyAdvice:
        config.api_key === undefined
          ? "This server wants a key: set the agent's model api_key."
          : "Set the agent's model api_key to a key this server accepts.",
    },
    maxRetries: options.maxRetries,
    idleTimeoutMs: options.idleTimeoutMs,
  });
}
