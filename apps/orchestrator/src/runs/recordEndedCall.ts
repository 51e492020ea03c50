import type { RunEventBus } from "../events/eventBus.ts";
import { applyPipeline } from "../pipeline/applyPipeline.ts";
import { redactJsonValue } from "../pipeline/redactJson.ts";
import type { Redactor } from "../pipeline/redactor.ts";
import type { JsonObject } from "../store/json.ts";
import type { Run } from "../store/runStore.ts";
import type { Store } from "../store/store.ts";
import type { ToolCall, ToolCallEndStatus } from "../store/toolCallStore.ts";
import type { ToolResultContent } from "./messageContent.ts";

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
 * the result's message and the row's end in one transaction, then message.created and
 * tool.finished, as a call that ends in its generation gets them.
 */
export async function recordEndedCall(
  deps: { store: Store; events: Pick<RunEventBus, "publish"> },
  call: EndedCall,
): Promise<void> {
  const { run, row, status } = call;
  const piped = applyPipeline(call.text, {
    redactor: call.redactor,
    remainingToolCalls: call.remainingToolCalls,
  });
  const metadata = redactJsonValue(JSON.parse(JSON.stringify(call.metadata)) as JsonObject, call.redactor);
  const content: ToolResultContent = { tool_call_id: row.callId, name: row.tool, text: piped.text };
  const message = await deps.store.transaction(async (stores) => {
    const stored = await stores.messages.append(run.id, { role: "tool", content });
    await stores.toolCalls.end(row.id, {
      status,
      result: piped.text,
      resultSeq: stored.seq,
      resultCut: piped.cut,
      metadata,
      ...(call.error === undefined ? {} : { error: call.error }),
    });
    return stored;
  });
  await deps.events.publish({
    type: "message.created",
    run_id: run.id,
    seq: message.seq,
    role: "tool",
    text: piped.text,
    tool_call_id: row.id,
  });
  await deps.events.publish({
    type: "tool.finished",
    run_id: run.id,
    tool_call_id: row.id,
    name: row.tool,
    status,
    result: piped.text,
    metadata,
    seq: message.seq,
  });
}
