import type { StoredRunEventPayload } from "@guilds/protocol/runEvents";
import type { TokenUsage } from "../providers/modelProvider.ts";
import type { Generation, GenerationStatus } from "../store/generationStore.ts";
import type { Stores } from "../store/store.ts";
import { type AssistantContent, eventToolCalls } from "./messageContent.ts";

/** Writes inside a transaction of the event bus, and the events they make, in order. */
export type EventfulWrites = (stores: Stores) => Promise<StoredRunEventPayload[]>;

export interface RecordedAnswer {
  runId: string;
  generation: Generation;
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
 * generation's end, with message.created and generation.ended in that order.
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
    await stores.generations.end(answer.generation.id, {
      status: answer.status,
      ...(answer.usage === undefined ? {} : { usage: { ...answer.usage } }),
      ...(answer.error === undefined ? {} : { error: answer.error }),
    });
    events.push({
      type: "generation.ended",
      run_id: runId,
      generation_seq: answer.generation.seq,
      finish_reason: answer.error === undefined ? answer.finishReason : answer.status,
      tool_calls: answer.toolCalls,
    });
    return events;
  };
}
