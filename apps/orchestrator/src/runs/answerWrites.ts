import type { StoredRunEventPayload } from "@guilds/protocol/runEvents";
import { generationCost, tokenUsageView } from "../prices/generationCost.ts";
import type { TokenUsage } from "../providers/modelProvider.ts";
import type { Generation, GenerationStatus, GenerationUsage } from "../store/generationStore.ts";
import type { Stores } from "../store/store.ts";
import { type AssistantContent, eventToolCalls } from "./messageContent.ts";

/** Writes inside a transaction of the event bus, and the events they make, in order. */
export type EventfulWrites = (stores: Stores) => Promise<StoredRunEventPayload[]>;

export interface RecordedAnswer {
  runId: string;
  generation: Generation;
  /** The model's name, as the price table knows it; none for an MCP client's call. */
  model?: string;
  /** Already redacted. */
  content: AssistantContent;
  status: Exclude<GenerationStatus, "running">;
  finishReason: string;
  usage?: TokenUsage;
  /** The provider's failure, redacted. */
  error?: string;
  toolCalls: number;
}

/**
 * A generation's answer as it is stored: its message when it says or asks anything, then the
 * generation's end with its usage and cost (added to the run's totals), with message.created and
 * generation.ended in that order.
 */
export function answerWrites(answer: RecordedAnswer): EventfulWrites {
  const { runId, content } = answer;
  return async (stores) => {
    const events: StoredRunEventPayload[] = [];
    if (content.text !== "" || content.tool_calls.length > 0) {
      const message = await stores.messages.append(runId, { role: "assistant", content });
      events.push({
        type: "message.created",
        run_id: runId,
        seq: message.seq,
        role: "assistant",
        text: content.text,
        tool_calls: eventToolCalls(content),
      });
    }
    const usage = generationUsage(answer.usage);
    // The price now: a later change of the price table leaves this generation's cost as it was.
    const costUsd =
      answer.model === undefined ? null : await generationCost(stores.modelPrices, answer.model, usage);
    // Even when the run's end had already ended the generation: the provider counted its tokens.
    await stores.generations.endWithUsage(
      answer.generation.id,
      { status: answer.status, ...(answer.error === undefined ? {} : { error: answer.error }) },
      usage,
      costUsd,
    );
    await stores.runs.addUsage(runId, { ...usage, costUsd });
    events.push({
      type: "generation.ended",
      run_id: runId,
      generation_seq: answer.generation.seq,
      finish_reason: answer.error === undefined ? answer.finishReason : answer.status,
      tool_calls: answer.toolCalls,
      usage: tokenUsageView(usage),
      cost_usd: costUsd,
    });
    return events;
  };
}

function generationUsage(usage: TokenUsage | undefined): GenerationUsage {
  return {
    inputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    cachedTokens: usage?.cachedTokens ?? null,
  };
}
