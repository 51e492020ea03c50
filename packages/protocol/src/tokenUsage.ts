import { z } from "zod";

/*
 * Token usage and cost as the API, the run events and the web app read them. input_tokens counts
 * every prompt token, the cached ones among them: cached_tokens is the part read from the provider's
 * prompt cache, billed at its cheaper price.
 */

/** One generation's or one code task's counts, each null where the provider or harness gave none. */
export const TokenUsageView = z
  .strictObject({
    input_tokens: z.int().nullable().describe("Every prompt token, the cached ones included."),
    output_tokens: z.int().nullable(),
    cached_tokens: z.int().nullable().describe("The prompt tokens read from the provider's cache."),
  })
  .meta({ id: "TokenUsage" });
export type TokenUsageView = z.output<typeof TokenUsageView>;

/** A run's counts: its generations' and code tasks' summed, a count no one reported taken as 0. */
export const RunUsageView = z
  .strictObject({
    input_tokens: z.int(),
    output_tokens: z.int(),
    cached_tokens: z.int(),
  })
  .meta({ id: "RunUsage" });
export type RunUsageView = z.output<typeof RunUsageView>;

export const EMPTY_RUN_USAGE: RunUsageView = { input_tokens: 0, output_tokens: 0, cached_tokens: 0 };

/** A run's totals plus one generation's or task's counts. */
export function addUsage(total: RunUsageView, usage: TokenUsageView): RunUsageView {
  return {
    input_tokens: total.input_tokens + (usage.input_tokens ?? 0),
    output_tokens: total.output_tokens + (usage.output_tokens ?? 0),
    cached_tokens: total.cached_tokens + (usage.cached_tokens ?? 0),
  };
}
