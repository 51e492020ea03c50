import type { RunUsageView, TokenUsageView } from "@guilds/protocol/tokenUsage";

/*
 * Token usage and cost as the run's header and each step's header write them:
 * "1,200 in (1,000 cached) · 80 out · $0.0012". A count the provider did not report is left out;
 * a cost with no price is "no price".
 */

const COUNT = new Intl.NumberFormat("en-US");

/** "1,200 in (1,000 cached) · 80 out"; null when nothing was reported. */
export function usageText(usage: TokenUsageView | RunUsageView): string | null {
  const parts: string[] = [];
  if (usage.input_tokens !== null) {
    const cached = usage.cached_tokens !== null && usage.cached_tokens > 0 ? usage.cached_tokens : null;
    const ofThem = cached === null ? "" : ` (${COUNT.format(cached)} cached)`;
    parts.push(`${COUNT.format(usage.input_tokens)} in${ofThem}`);
  }
  if (usage.output_tokens !== null) parts.push(`${COUNT.format(usage.output_tokens)} out`);
  return parts.length === 0 ? null : parts.join(" · ");
}

/** Dollars with enough digits to tell a small generation's cost from zero: $0.0042, $1.25. */
export function costText(costUsd: number): string {
  if (costUsd === 0) return "$0";
  if (costUsd < 0.0001) return "< $0.0001";
  if (costUsd >= 1) return `$${costUsd.toFixed(2)}`;
  if (costUsd >= 0.01) return `$${costUsd.toFixed(3)}`;
  return `$${costUsd.toPrecision(2).replace(/0+$/, "")}`;
}

/** The counts and the cost together; null when neither is known. */
export function usageAndCostText(
  usage: TokenUsageView | RunUsageView | null,
  costUsd: number | null,
): string | null {
  const counts = usage === null ? null : usageText(usage);
  if (counts === null) return costUsd === null ? null : costText(costUsd);
  return `${counts} · ${costUsd === null ? "no price" : costText(costUsd)}`;
}
