import { createAnthropicProvider } from "./anthropicProvider.ts";
import { type ModelConfigInput, parseModelConfig } from "./modelConfig.ts";
import type { ModelProvider } from "./modelProvider.ts";
import { type ModelProviderOptions, resolveProviderOptions } from "./modelProviderOptions.ts";
import { createOpenAICompatibleProvider } from "./openaiCompatibleProvider.ts";
import { createOpenAIProvider } from "./openaiProvider.ts";
import { createScriptedProvider } from "./scriptedProvider.ts";

/**
 * The provider an agent's model config names. Made per generation (the config is read live), and
 * cheap to make: nothing is sent until `generate`. Throws GuildsError before any call:
 * provider.config for an invalid config or script, provider.auth when a key is needed and none is set.
 */
export function createModelProvider(config: ModelConfigInput, options?: ModelProviderOptions): ModelProvider {
  const parsed = parseModelConfig(config);
  const resolved = resolveProviderOptions(options);
  switch (parsed.provider) {
    case "anthropic":
      return createAnthropicProvider(parsed, resolved);
    case "openai":
      return createOpenAIProvider(parsed, resolved);
    case "openai-compatible":
      return createOpenAICompatibleProvider(parsed, resolved);
    case "scripted":
      return createScriptedProvider(parsed.script, parsed.model);
  }
}
