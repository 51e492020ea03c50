import type { RunEventBus } from "../events/eventBus.ts";
import { applyPipeline } from "../pipeline/applyPipeline.ts";
import { redactJsonValue } from "../pipeline/redactJson.ts";
import type { Redactor } from "../pipeline/redactor.ts";
import type { JsonObject } from "../store/json.ts";
import type { Run } from "../store/runStore.ts";
import type { ToolCall, ToolCallEndStatus } from "../store/toolCallStore.ts";
import type { EventfulWrites } from "./answerWrites.ts";
import type { ToolResultContent } from "./messageContent.ts";
import { reportedUsage } from "./reportedUsage.ts";

export interface EndedCall {
  run: Run;
  row: ToolCall;
  status: ToolCallEndStatus;
  /** The result before the platform pipeline. */
  text: string;
  metadata: Record<string, unknown>;
  error?: string;
  redactor: Redactor;
  remainingToolCalls: number;
}

/**
 * Gives a call its result outside its generation (a restart's recovery): the platform pipeline,
 * then the result's message, the row's end, message.created and tool.finished in one transaction,
 * as a call that ends in its generation gets them.
 */
export async function recordEndedCall(
  deps: { events: Pick<RunEventBus, "storeAndPublish"> },
  call: EndedCall,
): Promise<void> {
  await storeCallEnd(deps, {
    runId: call.run.id,
    row: call.row,
    status: call.status,
    text: call.text,
    metadata: redactedMetadata(call.metadata, call.redactor),
    redactor: call.redactor,
    remainingToolCalls: call.remainingToolCalls,
    ...(call.error === undefined ? {} : { error: call.error }),
  });
}

/** A call's end, as storeCallEnd records it. */
export interface CallEnd {
  runId: string;
  row: ToolCall;
  status: ToolCallEndStatus;
  /** The result before the platform pipeline. */
  text: string;
  /** Already redacted (redactedMetadata). */
  metadata: JsonObject;
  error?: string;
  /** A file_read answered by a pointer to this earlier read's seq. */
  repeatOf?: number;
  redactor: Redactor;
  remainingToolCalls: number;
  /** Writes to commit in the end's transaction, after it (the next generation's start). */
  after?: EventfulWrites;
}

/** A result's metadata as stored JSON (undefined values dropped, as serialization would), redacted. */
export function redactedMetadata(metadata: Record<string, unknown>, redactor: Redactor): JsonObject {
  return redactJsonValue(JSON.parse(JSON.stringify(metadata)) as JsonObject, redactor);
}

/** A call's result as it was stored: after the platform pipeline, as the model reads it. */
export interface StoredCallEnd {
  toolCallId: string;
  status: ToolCallEndStatus;
  text: string;
  metadata: JsonObject;
}

/**
 * The platform pipeline, then the result's message, the row's end (a code task's usage and cost
 * added to the run's), message.created and tool.finished in one transaction (a crash leaves all of
 * them or none), published once it commits.
 */
export async function storeCallEnd(
  deps: { events: Pick<RunEventBus, "storeAndPublish"> },
  end: CallEnd,
): Promise<StoredCallEnd> {
  const { runId, row, status, metadata, repeatOf } = end;
  const piped = applyPipeline(end.text, {
    redactor: end.redactor,
    remainingToolCalls: end.remainingToolCalls,
  });
  const content: ToolResultContent = { tool_call_id: row.callId, name: row.tool, text: piped.text };
  await deps.events.storeAndPublish(async (stores) => {
    const message = await stores.messages.append(runId, { role: "tool", content });
    await stores.toolCalls.end(
      row.id,
      {
        status,
        result: piped.text,
        resultSeq: message.seq,
        resultCut: piped.cut,
        metadata,
        ...(end.error === undefined ? {} : { error: end.redactor.redact(end.error) }),
        ...(repeatOf === undefined ? {} : { repeatOf }),
      },
      row,
    );
    const usage = reportedUsage(metadata);
    if (usage !== undefined) await stores.runs.addUsage(runId, usage);
    const later = end.after === undefined ? [] : await end.after(stores);
    return {
      value: undefined,
      events: [
        {
          type: "message.created",
          run_id: runId,
          seq: message.seq,
          role: "tool",
          text: piped.text,
          tool_call_id: row.id,
        },
        {
          type: "tool.finished",
          run_id: runId,
          tool_call_id: row.id,
          name: row.tool,
          status,
          result: piped.text,
          metadata,
          ...(repeatOf === undefined ? {} : { repeat_of: repeatOf }),
          seq: message.seq,
        },
        ...later,
      ],
    };
  });
  return { toolCallId: row.id, status, text: piped.text, metadata };
}
