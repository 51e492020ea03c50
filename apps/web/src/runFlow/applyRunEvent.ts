import { TASK_PROGRESS_KEPT_LINES } from "@guilds/protocol/harnessLimits";
import type { MessageToolCall, RunEventEnvelope } from "@guilds/protocol/runEvents";
import type { FlowCall, FlowStep, RunFlow } from "./runFlow.ts";

/**
 * Applies one event of the run's SSE stream to its flow, in place (a long run replays thousands of
 * events at once). A stored event at or before `lastEventId` was applied already, before a
 * reconnect: it is skipped, so nothing shows twice. Returns whether the flow changed.
 */
export function applyRunEvent(flow: RunFlow, envelope: RunEventEnvelope): boolean {
  if (envelope.id !== null) {
    if (envelope.id <= flow.lastEventId) return false;
    flow.lastEventId = envelope.id;
  }
  const event = envelope.data;
  const at = envelope.created_at;
  switch (event.type) {
    case "run.started":
      flow.status = "running";
      flow.statusReason = null;
      break;
    case "run.ended":
      flow.status = event.status;
      flow.statusReason = event.reason ?? null;
      break;
    case "generation.started":
      flow.entries.push({
        kind: "step",
        number: stepCount(flow) + 1,
        generationSeq: event.generation_seq,
        seq: null,
        text: "",
        callIds: [],
        finishReason: null,
        usage: null,
        costUsd: null,
        startedAt: at,
      });
      break;
    case "generation.ended": {
      const step = findStep(flow, event.generation_seq);
      if (step !== undefined) {
        step.finishReason = event.finish_reason;
        step.usage = event.usage ?? null;
        step.costUsd = event.cost_usd ?? null;
      }
      flow.usageVersion += 1;
      break;
    }
    case "message.created":
      if (event.role === "operator") {
        flow.entries.push({ kind: "operator", seq: event.seq, text: event.text ?? "", at });
      } else if (event.role === "assistant") {
        const step = currentStep(flow);
        if (step !== undefined) {
          step.text = event.text ?? "";
          step.seq = event.seq;
          for (const announced of event.tool_calls ?? []) announceCall(flow, step, announced);
        }
      }
      break;
    case "message.queued":
      flow.queued = [...flow.queued, { id: event.queued_id, text: event.text, at }];
      break;
    case "message.delivered":
      flow.queued = flow.queued.filter((queued) => queued.id !== event.queued_id);
      break;
    case "tool.started": {
      const call = callFor(flow, event.tool_call_id, event.name, event.arguments, () =>
        announcedBy(flow, event.call_id),
      );
      call.status = "running";
      call.startedAt = at;
      break;
    }
    case "tool.progress": {
      const call = flow.calls.get(event.tool_call_id);
      if (call === undefined || call.status !== "running") return false;
      call.progress = [...call.progress, ...event.lines].slice(-TASK_PROGRESS_KEPT_LINES);
      if (event.session_id !== null) call.progressSessionId = event.session_id;
      break;
    }
    case "tool.finished": {
      const call = callFor(flow, event.tool_call_id, event.name, undefined, () =>
        firstAnnouncedOf(flow, event.name),
      );
      call.status = event.status;
      call.result = event.result;
      call.metadata = event.metadata;
      // A code task's usage and cost, from its harness, count into the run's totals.
      if (event.metadata.usage !== undefined || event.metadata.cost_usd !== undefined) flow.usageVersion += 1;
      call.repeatOf = event.repeat_of ?? null;
      call.repeatOfStep = call.repeatOf === null ? null : stepOfResult(flow, call.repeatOf);
      call.resultSeq = event.seq;
      call.endedAt = at;
      call.progress = [];
      break;
    }
  }
  flow.version += 1;
  return true;
}

function stepCount(flow: RunFlow): number {
  let count = 0;
  for (const entry of flow.entries) if (entry.kind === "step") count += 1;
  return count;
}

/** The step number of the call whose result is the message `resultSeq`; null when none is known. */
function stepOfResult(flow: RunFlow, resultSeq: number): number | null {
  for (const call of flow.calls.values()) if (call.resultSeq === resultSeq) return call.stepNumber;
  return null;
}

function currentStep(flow: RunFlow): FlowStep | undefined {
  for (let index = flow.entries.length - 1; index >= 0; index -= 1) {
    const entry = flow.entries[index];
    if (entry?.kind === "step") return entry;
  }
  return undefined;
}

function findStep(flow: RunFlow, generationSeq: number): FlowStep | undefined {
  for (let index = flow.entries.length - 1; index >= 0; index -= 1) {
    const entry = flow.entries[index];
    if (entry?.kind === "step" && entry.generationSeq === generationSeq) return entry;
  }
  return undefined;
}

/**
 * The calls an assistant message asks for, shown from then on. The message names them by the
 * model's ids, the tool events by the server's (unique in the run; the model's may repeat from one
 * step to the next): each stays under a provisional key until its first tool event takes it.
 */
function announceCall(flow: RunFlow, step: FlowStep, announced: MessageToolCall): void {
  const key = announcedKey(step, announced.id);
  if (flow.calls.has(key)) return;
  flow.calls.set(key, newCall(key, announced.name, announced.arguments, step.number));
  step.callIds.push(key);
}

const ANNOUNCED = "announced:";

function announcedKey(step: FlowStep, modelCallId: string): string {
  return `${ANNOUNCED}${step.number}:${modelCallId}`;
}

/** A provisional call of the current step, and its place in the step's calls. */
interface Announced {
  step: FlowStep;
  index: number;
}

/** tool.started names its call by the model's id: the current step's call announced under it. */
function announcedBy(flow: RunFlow, modelCallId: string): Announced | undefined {
  const step = currentStep(flow);
  if (step === undefined) return undefined;
  const index = step.callIds.indexOf(announcedKey(step, modelCallId));
  return index >= 0 ? { step, index } : undefined;
}

/**
 * tool.finished carries no model id: a call answered without starting (an interruption) takes the
 * step's first announced call of its tool still waiting.
 */
function firstAnnouncedOf(flow: RunFlow, name: string): Announced | undefined {
  const step = currentStep(flow);
  if (step === undefined) return undefined;
  const index = step.callIds.findIndex(
    (key) => key.startsWith(ANNOUNCED) && flow.calls.get(key)?.name === name,
  );
  return index >= 0 ? { step, index } : undefined;
}

/** The call of a tool event: known by the server's id, else the announced one it takes, else a new one. */
function callFor(
  flow: RunFlow,
  id: string,
  name: string,
  args: unknown,
  findAnnounced: () => Announced | undefined,
): FlowCall {
  const known = flow.calls.get(id);
  if (known !== undefined) {
    if (args !== undefined) known.arguments = args;
    return known;
  }
  const announced = findAnnounced();
  const call = announced === undefined ? undefined : takeAnnounced(flow, announced, id);
  if (call !== undefined) {
    if (args !== undefined) call.arguments = args;
    return call;
  }
  const step = currentStep(flow);
  const started = newCall(id, name, args ?? null, step?.number ?? 0);
  step?.callIds.push(id);
  flow.calls.set(id, started);
  return started;
}

/** The announced call takes the server's id, in its place in the step. */
function takeAnnounced(flow: RunFlow, { step, index }: Announced, id: string): FlowCall | undefined {
  const key = step.callIds[index];
  const call = key === undefined ? undefined : flow.calls.get(key);
  if (key === undefined || call === undefined) return undefined;
  flow.calls.delete(key);
  step.callIds[index] = id;
  call.id = id;
  flow.calls.set(id, call);
  return call;
}

function newCall(id: string, name: string, args: unknown, stepNumber: number): FlowCall {
  return {
    id,
    name,
    arguments: args,
    status: "pending",
    result: null,
    metadata: {},
    repeatOf: null,
    repeatOfStep: null,
    resultSeq: null,
    startedAt: null,
    endedAt: null,
    progress: [],
    progressSessionId: null,
    stepNumber,
  };
}
