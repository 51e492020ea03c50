import { createAnthropic } from "@ai-sdk/anthropic";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { ModelMessage } from "ai";
import { createAiSdkProvider } from "./aiSdkProvider.ts";
import { modelKeyAdvice } from "./modelKeyAdvice.ts";
import type { ModelProvider } from "./modelProvider.ts";
import { describeEndpoint, type ResolvedProviderOptions } from "./modelProviderOptions.ts";

/** The AI SDK's root for the Messages API; a proxy's base URL ends with /v1 the same way. */
export const ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com/v1";
export const ANTHROPIC_KEY_VARIABLE = "ANTHROPIC_API_KEY";

export interface AnthropicConfig {
  model: string;
  base_url?: string;
  api_key?: string;
}

/** Claude through the Messages API, streamed. Throws provider.auth when no key is configured. */
export function createAnthropicProvider(
  config: AnthropicConfig,
  options: ResolvedProviderOptions,
): ModelProvider {
  const keyAdvice = modelKeyAdvice(ANTHROPIC_KEY_VARIABLE, { serverEnvironment: true });
  const apiKey = config.api_key ?? options.environment[ANTHROPIC_KEY_VARIABLE];
  if (apiKey === undefined || apiKey === "") {
    throw new GuildsError("provider.auth", `No Anthropic API key. ${keyAdvice}`);
  }
  const baseURL = config.base_url ?? ANTHROPIC_DEFAULT_BASE_URL;
  const anthropic = createAnthropic({ apiKey, baseURL });
  return createAiSdkProvider({
    provider: "anthropic",
    languageModel: anthropic.messages(config.model),
    server: { name: "Anthropic", endpoint: describeEndpoint(baseURL), model: config.model, keyAdvice },
    maxRetries: options.maxRetries,
    idleTimeoutMs: options.idleTimeoutMs,
    prepareMessages: markCacheBreakpoint,
  });
}

/**
 * Each generation resends the whole conversation, so the end of it is marked for Anthropic's prompt
 * cache: the next generation, which extends this one, reads the prefix from the cache.
 */
function markCacheBreakpoint(messages: ModelMessage[]): ModelMessage[] {
  const last = messages.at(-1);
  if (last === undefined) return messages;
  const marked: ModelMessage = {
    ...last,
    providerOptions: { ...last.providerOptions, anthropic: { cacheControl: { type: "ephemeral" } } },
  };
  return [...messages.slice(0, -1), marked];
}
