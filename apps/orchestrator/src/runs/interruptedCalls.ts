import { applyPipeline } from "../pipeline/applyPipeline.ts";
import { createRedactor } from "../pipeline/redactor.ts";
import type { Run } from "../store/runStore.ts";
import type { ToolCall } from "../store/toolCallStore.ts";
import type { EngineDeps } from "./engineDeps.ts";
import { INTERRUPTED_CALL_RESULT, type ToolResultContent, unansweredToolCalls } from "./messageContent.ts";

/** What the model reads for a call of the interrupted generation that had not started. */
export const NOT_STARTED_INTERRUPTED = "Not run: the server stopped before this call started.";

/** The texts are ours: nothing in them to redact. */
const NOTHING_SECRET = createRedactor([]);

/**
 * After a restart, for a run it interrupted: each call of the run's last generation left without a
 * result gets one, stored as the call's result message (and on its row, made now for a call that
 * had none), and tool.finished is published with status interrupted. The conversation is then
 * whole, and a watcher of the run sees every call end before the run does.
 */
export async function answerInterruptedCalls(
  deps: Pick<EngineDeps, "store" | "events">,
  run: Run,
  reason: string,
): Promise<void> {
  const { store, events } = deps;
  const unanswered = unansweredToolCalls(await store.messages.list(run.id));
  if (unanswered.length === 0) return;
  const [agent, rows, generations] = await Promise.all([
    store.agents.get(run.agentId),
    store.toolCalls.list(run.id),
    store.generations.list(run.id),
  ]);
  const remainingToolCalls = Math.max(0, agent.maxToolCalls - run.toolCallsUsed);
  for (const call of unanswered) {
    const row = rows.findLast((candidate) => candidate.callId === call.id);
    if (row !== undefined && (row.status !== "interrupted" || row.resultSeq !== null)) continue;
    const started = row !== undefined && row.startedAt !== null;
    const { text } = applyPipeline(started ? INTERRUPTED_CALL_RESULT : NOT_STARTED_INTERRUPTED, {
      redactor: NOTHING_SECRET,
      remainingToolCalls,
    });
    const content: ToolResultContent = { tool_call_id: call.id, name: call.name, text };
    await events.storeAndPublish(async (stores) => {
      const message = await stores.messages.append(run.id, { role: "tool", content });
      let toolCall: ToolCall;
      if (row === undefined) {
        const created = await stores.toolCalls.create({
          runId: run.id,
          generationId: generations.at(-1)?.id ?? null,
          callId: call.id,
          tool: call.name,
          argumentsText: call.arguments,
        });
        toolCall = await stores.toolCalls.end(created.id, {
          status: "interrupted",
          result: text,
          resultSeq: message.seq,
          error: reason,
        });
      } else {
        await stores.toolCalls.recordInterruptedResult(row.id, { result: text, resultSeq: message.seq });
        toolCall = row;
      }
      return {
        value: undefined,
        events: [
          {
            type: "message.created",
            run_id: run.id,
            seq: message.seq,
            role: "tool",
            text,
            tool_call_id: toolCall.id,
          },
          {
            type: "tool.finished",
            run_id: run.id,
            tool_call_id: toolCall.id,
            name: call.name,
            status: "interrupted",
            result: text,
            metadata: toolCall.metadata,
            seq: message.seq,
          },
        ],
      };
    });
  }
}
