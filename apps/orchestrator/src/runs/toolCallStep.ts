import type { StoredRunEventPayload } from "@guilds/protocol/runEvents";
import type { ModelToolCall } from "../providers/modelProvider.ts";
import type { ToolCall, ToolCallEndStatus } from "../store/toolCallStore.ts";
import type { ToolResult } from "../tools/tool.ts";
import type { EventfulWrites } from "./answerWrites.ts";
import type { EngineDeps } from "./engineDeps.ts";
import type { GenerationContext } from "./generationContext.ts";
import { NOT_STARTED_INTERRUPTED } from "./interruptedCalls.ts";
import { parsedOrText } from "./messageContent.ts";
import { redactedMetadata, type StoredCallEnd, storeCallEnd } from "./recordEndedCall.ts";
import { serverStopOf } from "./serverStop.ts";
import { invokeTool } from "./toolInvocation.ts";

/** How a call left the loop: go on, or stop the run (its budget is spent, it was cancelled). */
export type CallOutcome = "done" | "budget_spent" | "cancelled";

/** A call's outcome for the loop, and its result as stored. */
export interface CallStep {
  outcome: CallOutcome;
  ended: StoredCallEnd;
}

export const NOT_STARTED_CANCELLED = "Not run: the run was cancelled before this call started.";

export function budgetSpentText(maxToolCalls: number): string {
  return `Not run: this run's max_tool_calls budget of ${maxToolCalls} calls is spent.`;
}

export interface ToolCallInput {
  runId: string;
  generationId: string;
  modelCall: ModelToolCall;
  signal: AbortSignal;
  /** Writes to commit with the call's start, in its transaction (the answer that asked for it). */
  before?: EventfulWrites;
  /**
   * Writes to commit with the call's end, after it, when the call ran and was not cancelled (the next
   * generation's start); made once the tool answered, before the end's transaction.
   */
  after?: () => Promise<EventfulWrites>;
}

/**
 * One call of a generation, from its row to its published result: the budget, the tool (its own
 * review included: file_read's de-duplication), then the platform pipeline, the result stored as a message, the row ended.
 */
export async function runToolCall(
  deps: EngineDeps,
  context: GenerationContext,
  call: ToolCallInput,
): Promise<CallStep> {
  const { store } = deps;
  const { redactor, agent } = context;
  const { runId, modelCall, signal } = call;
  const argumentsText = redactor.redact(modelCall.args);
  const opened = await openToolCall(deps, context, { ...call, argumentsText });
  const { row } = opened;
  const finish = (result: ToolResult, status: ToolCallEndStatus, remaining: number, after?: EventfulWrites) =>
    finishToolCall(deps, context, {
      row,
      result,
      status,
      remaining,
      ...(after === undefined ? {} : { after }),
    });

  if (opened.state === "aborted") {
    const run = await store.runs.get(runId);
    const stopped = serverStopOf(signal) !== undefined;
    const ended = await finish(
      notRun(stopped ? NOT_STARTED_INTERRUPTED : NOT_STARTED_CANCELLED),
      stopped ? "interrupted" : "cancelled",
      remainingOf(agent.maxToolCalls, run.toolCallsUsed),
    );
    return { outcome: "cancelled", ended };
  }
  if (opened.state === "budget_spent") {
    const ended = await finish(notRun(budgetSpentText(agent.maxToolCalls)), "failed", 0);
    return { outcome: "budget_spent", ended };
  }
  const remaining = remainingOf(agent.maxToolCalls, opened.used);

  const result = await invokeTool(deps, context, {
    runId,
    callId: row.id,
    name: modelCall.name,
    argumentsText: modelCall.args,
    signal,
  });
  // A helper cancelled before it answered fails the call (helper.cancelled): that call was cancelled too.
  const cancelled = result.meta.cancelled === true || (!result.ok && signal.aborted);
  const stop = cancelled ? serverStopOf(signal) : undefined;
  if (stop !== undefined) {
    // Stopped by the server stopping, not by the operator: the model reads why, after the output so far.
    const text = `${result.text}\n\n${stop.callResult}`;
    const ended = await finish(
      { ...result, text, meta: { ...result.meta, cancelled: undefined } },
      "interrupted",
      remaining,
    );
    return { outcome: "cancelled", ended };
  }
  const status: ToolCallEndStatus = cancelled ? "cancelled" : result.ok ? "completed" : "failed";
  const after = status === "cancelled" || call.after === undefined ? undefined : await call.after();
  const ended = await finish(result, status, remaining, after);
  return { outcome: status === "cancelled" || signal.aborted ? "cancelled" : "done", ended };
}

type OpenedCall =
  | { row: ToolCall; state: "aborted" }
  | { row: ToolCall; state: "budget_spent" }
  | { row: ToolCall; state: "started"; used: number };

/**
 * The call's place in the budget and its row (running when the budget allows it, else pending),
 * committed together with tool.started and with the writes `before` (their events first); the
 * states other than "started" publish no event of their own and leave the row for finishToolCall.
 */
function openToolCall(
  deps: EngineDeps,
  context: GenerationContext,
  call: ToolCallInput & { argumentsText: string },
): Promise<OpenedCall> {
  const { runId, modelCall, signal, argumentsText } = call;
  return deps.events.storeAndPublish<OpenedCall>(async (stores) => {
    const earlier = call.before === undefined ? [] : await call.before(stores);
    const opened = (value: OpenedCall, events: StoredRunEventPayload[] = []) => ({
      value,
      events: [...earlier, ...events],
    });
    const aborted = signal.aborted;
    const used = aborted ? undefined : await stores.runs.consumeToolCall(runId, context.agent.maxToolCalls);
    const row = await stores.toolCalls.create({
      runId,
      generationId: call.generationId,
      callId: modelCall.id,
      tool: modelCall.name,
      argumentsText,
      started: used !== undefined,
    });
    if (aborted) return opened({ row, state: "aborted" });
    if (used === undefined) return opened({ row, state: "budget_spent" });
    return opened({ row, used, state: "started" }, [
      {
        type: "tool.started",
        run_id: runId,
        tool_call_id: row.id,
        call_id: modelCall.id,
        name: modelCall.name,
        arguments: parsedOrText(argumentsText),
      },
    ]);
  });
}

async function finishToolCall(
  deps: EngineDeps,
  context: GenerationContext,
  input: {
    row: ToolCall;
    result: ToolResult;
    status: ToolCallEndStatus;
    remaining: number;
    after?: EventfulWrites;
  },
): Promise<StoredCallEnd> {
  const { row, result, status } = input;
  const metadata = redactedMetadata(result.meta, context.redactor);
  const repeatOf = typeof metadata.repeat_of === "number" ? metadata.repeat_of : undefined;
  return storeCallEnd(deps, {
    runId: row.runId,
    row,
    status,
    text: result.text,
    metadata,
    redactor: context.redactor,
    remainingToolCalls: input.remaining,
    ...(repeatOf === undefined ? {} : { repeatOf }),
    ...(input.after === undefined ? {} : { after: input.after }),
  });
}

function remainingOf(maxToolCalls: number, used: number): number {
  return Math.max(0, maxToolCalls - used);
}

function notRun(text: string): ToolResult {
  return { ok: false, text, meta: {} };
}
