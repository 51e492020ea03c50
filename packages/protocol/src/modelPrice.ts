import { z } from "zod";
import type { TokenUsageView } from "./tokenUsage.ts";

/** Prices are per million tokens, in US dollars. */
export const TOKENS_PER_PRICE_UNIT = 1_000_000;
/** No price a provider lists comes near it: a higher one is a typo (a price per token, say). */
export const PRICE_MAX_USD_PER_MILLION = 10_000;
export const PRICED_MODEL_MAX_LENGTH = 200;

const usdPerMillion = (what: string) =>
  z
    .number({ error: `${what} must be a number of US dollars per million tokens, like 3 or 0.3` })
    .min(0, { error: `${what} cannot be negative` })
    .max(PRICE_MAX_USD_PER_MILLION, {
      error: `${what} is above ${PRICE_MAX_USD_PER_MILLION} USD per million tokens: prices are per million tokens, not per token or per thousand`,
    })
    .describe(`${what}: US dollars per million tokens.`);

/** A model's price, as the operator sets it (PUT /api/prices/{model}). */
export const ModelPriceBody = z.strictObject({
  input_usd_per_million: usdPerMillion("input_usd_per_million"),
  output_usd_per_million: usdPerMillion("output_usd_per_million"),
  cached_input_usd_per_million: usdPerMillion("cached_input_usd_per_million").describe(
    "Prompt tokens read from the provider's cache: US dollars per million tokens.",
  ),
});
export type ModelPriceBody = z.output<typeof ModelPriceBody>;
export type ModelPriceBodyInput = z.input<typeof ModelPriceBody>;

export const ModelPriceView = ModelPriceBody.extend({
  model: z.string().describe("The model's name as an agent gives it: claude-sonnet-4-5, gpt-5."),
  source: z
    .enum(["default", "operator"])
    .describe("default: the server's built-in price; operator: set through the API, kept until deleted."),
  updated_at: z.string().nullable().describe("When the operator set it; null for a default."),
}).meta({ id: "ModelPrice" });
export type ModelPriceView = z.output<typeof ModelPriceView>;

export const ModelPriceList = z
  .strictObject({ prices: z.array(ModelPriceView).describe("By model name.") })
  .meta({ id: "ModelPriceList" });

export type ModelPrice = ModelPriceBody;

/**
 * What a generation cost, in US dollars: its uncached prompt tokens at the input price, its cached
 * ones at the cached-input price, its output at the output price. Null when it reported no counts.
 * Tokens written to a cache (Anthropic bills them above the input price) count as input tokens.
 */
export function costUsd(usage: TokenUsageView, price: ModelPrice): number | null {
  if (usage.input_tokens === null && usage.output_tokens === null) return null;
  const input = usage.input_tokens ?? 0;
  const cached = Math.min(usage.cached_tokens ?? 0, input);
  const dollars =
    (input - cached) * price.input_usd_per_million +
    cached * price.cached_input_usd_per_million +
    (usage.output_tokens ?? 0) * price.output_usd_per_million;
  return dollars / TOKENS_PER_PRICE_UNIT;
}
