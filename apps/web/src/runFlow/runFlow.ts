import type { ToolCallState } from "@guilds/protocol/apiViews";
import type { RunStatus } from "@guilds/protocol/runEvents";
import type { TokenUsageView } from "@guilds/protocol/tokenUsage";

/** pending: announced by the agent's message, not started yet (calls run one at a time). */
export type CallStatus = ToolCallState;

/** One tool call as the Chat tab shows it, built from the run's events. */
export interface FlowCall {
  /**
   * The server's id of the call: tool_call_id of its events, {callId} of the tool-call and task
   * routes. Before its first tool event, a provisional "announced:<step>:<model's id>".
   */
  id: string;
  name: string;
  arguments: unknown;
  status: CallStatus;
  /** The result as the model read it; null until tool.finished. */
  result: string | null;
  metadata: Record<string, unknown>;
  /** On a repeated file_read: the earlier result's message seq, as the model read it. */
  repeatOf: number | null;
  /**
   * On a repeated file_read: the step the app shows (FlowStep.number) of the earlier read repeatOf
   * names, so the operator's "unchanged since step N" points at a step on screen; null when unknown.
   */
  repeatOfStep: number | null;
  /** The seq of the result's message. */
  resultSeq: number | null;
  /** created_at of tool.started (null when the call was answered without starting) and tool.finished. */
  startedAt: string | null;
  endedAt: string | null;
  /** Live tool.progress lines, the latest TASK_PROGRESS_KEPT_LINES; emptied when the result lands. */
  progress: string[];
  /** The harness session named by progress, before the result names it. */
  progressSessionId: string | null;
  /** The step (generation) the call belongs to. */
  stepNumber: number;
}

/** One generation: the agent's text and the calls it made, in order. */
export interface FlowStep {
  kind: "step";
  /** 1-based, in the order of the run's generations. */
  number: number;
  generationSeq: number;
  /**
   * The seq of the agent's message; null when none was stored (a cancelled generation). The model's
   * "unchanged since step N" counts in message seqs; the app numbers steps by `number` instead.
   */
  seq: number | null;
  text: string;
  callIds: string[];
  /** null while the generation streams; then "tool_calls", "stop", "cancelled", "error", ... */
  finishReason: string | null;
  /** The tokens its provider reported, once it ended; null before, or from a server that sends none. */
  usage: TokenUsageView | null;
  /** Its cost from the price table; null without a price. */
  costUsd: number | null;
  startedAt: string;
}

export interface FlowOperatorMessage {
  kind: "operator";
  seq: number;
  text: string;
  at: string;
}

export type FlowEntry = FlowStep | FlowOperatorMessage;

/** An operator message sent while the run worked, waiting for the run's next generation. */
export interface FlowQueuedMessage {
  id: string;
  text: string;
  at: string;
}

export interface RunFlow {
  runId: string;
  /** The id of the last stored event applied: where a reconnect resumes. */
  lastEventId: number;
  status: RunStatus;
  statusReason: string | null;
  entries: FlowEntry[];
  calls: Map<string, FlowCall>;
  /** Queued messages not delivered yet, in the order sent (message.queued, until message.delivered). */
  queued: FlowQueuedMessage[];
  /** Bumped by each event that adds to the run's usage or cost: the header reads its totals again. */
  usageVersion: number;
  /** Bumped by every change, so views can memoise on it. */
  version: number;
}

export function emptyRunFlow(runId: string): RunFlow {
  return {
    runId,
    lastEventId: 0,
    status: "running",
    statusReason: null,
    entries: [],
    calls: new Map(),
    queued: [],
    usageVersion: 0,
    version: 0,
  };
}
