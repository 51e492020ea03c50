import type { FlowCall, FlowStep, RunFlow } from "../src/runFlow/runFlow.ts";

/* Calls, steps and flows for the flow view's tests (FlowView, its items, its rows and blocks). */

/** A call as the flow holds it: completed in 2 s at step 1, unless `fields` say otherwise. */
export function flowCall(fields: Partial<FlowCall> & Pick<FlowCall, "id" | "name">): FlowCall {
  return {
    arguments: {},
    status: "completed",
    result: null,
    metadata: {},
    repeatOf: null,
    repeatOfStep: null,
    resultSeq: null,
    startedAt: "2026-03-02T10:00:00.000Z",
    endedAt: "2026-03-02T10:00:02.000Z",
    progress: [],
    progressSessionId: null,
    stepNumber: 1,
    ...fields,
  };
}

export function step(number: number, callIds: string[], text = ""): FlowStep {
  return {
    kind: "step",
    number,
    generationSeq: number,
    seq: null,
    text,
    callIds,
    finishReason: "tool_calls",
    usage: null,
    costUsd: null,
    startedAt: "2026-03-02T10:00:00.000Z",
  };
}

export function flowOf(entries: RunFlow["entries"], calls: FlowCall[]): Pick<RunFlow, "entries" | "calls"> {
  return { entries, calls: new Map(calls.map((each) => [each.id, each])) };
}
