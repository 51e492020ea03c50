import { costUsd } from "@guilds/protocol/modelPrice";
import type { TokenUsageView } from "@guilds/protocol/tokenUsage";
import type { GenerationUsage } from "../store/generationStore.ts";
import type { ModelPriceStore } from "../store/modelPriceStore.ts";
import { priceOf } from "./priceTable.ts";

/** A generation's counts as the API and the events carry them. */
export function tokenUsageView(usage: GenerationUsage): TokenUsageView {
  return {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    cached_tokens: usage.cachedTokens,
  };
}

/** What the generation cost at the model's price now, in US dollars; null without a price or counts. */
export async function generationCost(
  prices: ModelPriceStore,
  model: string,
  usage: GenerationUsage,
): Promise<number | null> {
  const price = await priceOf(prices, model);
  return price === undefined ? null : costUsd(tokenUsageView(usage), price);
}
