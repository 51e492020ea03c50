import type { JsonObject } from "../store/json.ts";
import type { UsageDelta } from "../store/runStore.ts";

/**
 * The tokens and cost a tool call's metadata reports for the model calls made on its behalf
 * (code_task's, from its harness's own report): undefined when it reports neither. They count
 * into the run's totals beside its generations'.
 */
export function reportedUsage(metadata: JsonObject): UsageDelta | undefined {
  const usage = metadata.usage;
  const cost = metadata.cost_usd;
  const costUsd = typeof cost === "number" && Number.isFinite(cost) && cost >= 0 ? cost : null;
  const counts = typeof usage === "object" && usage !== null && !Array.isArray(usage) ? usage : {};
  const delta: UsageDelta = {
    inputTokens: tokenCount(counts.input_tokens),
    outputTokens: tokenCount(counts.output_tokens),
    cachedTokens: tokenCount(counts.cached_tokens),
    costUsd,
  };
  const reported = Object.values(delta).some((value) => value !== null);
  return reported ? delta : undefined;
}

function tokenCount(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
