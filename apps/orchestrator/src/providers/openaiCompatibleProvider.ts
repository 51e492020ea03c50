import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createAiSdkProvider } from "./aiSdkProvider.ts";
import { modelKeyAdvice } from "./modelKeyAdvice.ts";
import type { ModelProvider } from "./modelProvider.ts";
import { describeEndpoint, type ResolvedProviderOptions } from "./modelProviderOptions.ts";

/**
 * The secret an openai-compatible agent's key is read from (what OpenAI-style clients read). Never
 * from the server's environment: the server's own OpenAI key is not sent to another server.
 */
export const OPENAI_COMPATIBLE_KEY_SECRET = "OPENAI_API_KEY";

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
  const keyAdvice = modelKeyAdvice(OPENAI_COMPATIBLE_KEY_SECRET, { serverEnvironment: false });
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
      keyAdvice: `${config.api_key === undefined ? "This server wants a key." : "Give it a key this server accepts."} ${keyAdvice}`,
    },
    maxRetries: options.maxRetries,
    idleTimeoutMs: options.idleTimeoutMs,
  });
}
