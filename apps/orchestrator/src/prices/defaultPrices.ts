import type { ModelPrice } from "@guilds/protocol/modelPrice";

/**
 * The prices a model has until the operator sets its own (PUT /api/prices/{model}, or the web app's
 * Prices page): the models the README and the CLI's defaults name. Taken from Anthropic's and
 * OpenAI's public price lists as of 2026 and not checked against them since: they are defaults for
 * the operator to correct, and a provider's discount, batch or long-context price is not in them.
 * USD per million tokens; cached input is a prompt read from the provider's cache.
 */
export const DEFAULT_MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-sonnet-4-5": {
    input_usd_per_million: 3,
    output_usd_per_million: 15,
    cached_input_usd_per_million: 0.3,
  },
  "gpt-5": {
    input_usd_per_million: 1.25,
    output_usd_per_million: 10,
    cached_input_usd_per_million: 0.125,
  },
};
