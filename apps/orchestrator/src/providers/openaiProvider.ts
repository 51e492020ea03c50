import { createOpenAI } from "@ai-sdk/openai";
import { GuildsError } from "@guilds/protocol/guildsError";
import { createAiSdkProvider } from "./aiSdkProvider.ts";
import { modelKeyAdvice } from "./modelKeyAdvice.ts";
import type { ModelProvider } from "./modelProvider.ts";
import { describeEndpoint, type ResolvedProviderOptions } from "./modelProviderOptions.ts";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const OPENAI_KEY_VARIABLE = "OPENAI_API_KEY";

export interface OpenAIConfig {
  model: string;
  base_url?: string;
  api_key?: string;
}

/**
 * OpenAI through the Responses API (POST /responses, streamed): OpenAI's current API, and the only
 * one that serves its codex models. Throws provider.auth when no key is configured.
 */
export function createOpenAIProvider(config: OpenAIConfig, options: ResolvedProviderOptions): ModelProvider {
  const keyAdvice = modelKeyAdvice(OPENAI_KEY_VARIABLE, { serverEnvironment: true });
  const apiKey = config.api_key ?? options.environment[OPENAI_KEY_VARIABLE];
  if (apiKey === undefined || apiKey === "") {
    throw new GuildsError("provider.auth", `No OpenAI API key. ${keyAdvice}`);
  }
  const baseURL = config.base_url ?? OPENAI_DEFAULT_BASE_URL;
  const openai = createOpenAI({ apiKey, baseURL });
  return createAiSdkProvider({
    provider: "openai",
    languageModel: openai.responses(config.model),
    server: { name: "OpenAI", endpoint: describeEndpoint(baseURL), model: config.model, keyAdvice },
    maxRetries: options.maxRetries,
    idleTimeoutMs: options.idleTimeoutMs,
    // Every generation sends the whole conversation; nothing needs keeping on OpenAI's side.
    providerOptions: { openai: { store: false } },
  });
}
