import type { TokenUsageView } from "@guilds/protocol/tokenUsage";
import type { FlowCall, FlowStep } from "./runFlow.ts";

export interface StepUsage {
  usage: TokenUsageView | null;
  costUsd: number | null;
}

/**
 * What one step used: its generation's tokens and cost, plus those its calls' metadata report (a
 * code task's, from its harness), as the run's totals count them. Null where none is known.
 */
export function stepUsage(
  step: Pick<FlowStep, "usage" | "costUsd" | "callIds">,
  calls: ReadonlyMap<string, FlowCall>,
): StepUsage {
  let usage = step.usage;
  let costUsd = step.costUsd;
  for (const callId of step.callIds) {
    const metadata = calls.get(callId)?.metadata;
    if (metadata === undefined) continue;
    const reported = reportedCounts(metadata.usage);
    if (reported !== null) usage = usage === null ? reported : sum(usage, reported);
    const cost = metadata.cost_usd;
    if (typeof cost === "number") costUsd = (costUsd ?? 0) + cost;
  }
  return { usage, costUsd };
}

function reportedCounts(value: unknown): TokenUsageView | null {
  if (typeof value !== "object" || value === null) return null;
  const counts = value as Record<string, unknown>;
  const count = (key: string) => (typeof counts[key] === "number" ? (counts[key] as number) : null);
  return {
    input_tokens: count("input_tokens"),
    output_tokens: count("output_tokens"),
    cached_tokens: count("cached_tokens"),
  };
}

function sum(a: TokenUsageView, b: TokenUsageView): TokenUsageView {
  const add = (x: number | null, y: number | null) => (x === null && y === null ? null : (x ?? 0) + (y ?? 0));
  return {
    input_tokens: add(a.input_tokens, b.input_tokens),
    output_tokens: add(a.output_tokens, b.output_tokens),
    cached_tokens: add(a.cached_tokens, b.cached_tokens),
  };
}
