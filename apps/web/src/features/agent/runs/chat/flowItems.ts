import type { FlowCall, FlowOperatorMessage, FlowStep, RunFlow } from "../../../../runFlow/runFlow.ts";

/**
 * One virtualised line of the flow. A step is cut into its header, then one item per call, so a
 * run of thousands of calls renders only what is on screen. Calls are named by id: their state is
 * read from the flow when the item renders.
 */
export type FlowItem =
  | { kind: "operator"; key: string; message: FlowOperatorMessage }
  | { kind: "step"; key: string; step: FlowStep; folded: boolean; rail: RailEnds }
  | { kind: "row"; key: string; callId: string; stepNumber: number; rail: RailEnds }
  | { kind: "block"; key: string; callId: string; stepNumber: number; rail: RailEnds };

/** Where the rail of a turn (the steps between two operator messages) starts and stops. */
export interface RailEnds {
  /** The item above is part of the same turn: the rail comes in from the top. */
  above: boolean;
  /** The item below is part of the same turn: the rail goes on to the bottom. */
  below: boolean;
}

export const CODE_TASK_TOOL = "code_task";

/**
 * The flow's entries as items, in order. A folded step keeps its header and its code task blocks
 * ("shown even while the step is folded", Code tasks); its other calls are hidden.
 */
export function flowItems(flow: Pick<RunFlow, "entries" | "calls">, folded: ReadonlySet<number>): FlowItem[] {
  const items: FlowItem[] = [];
  for (const entry of flow.entries) {
    if (entry.kind === "operator") {
      items.push({ kind: "operator", key: `operator-${entry.seq}`, message: entry });
      continue;
    }
    const isFolded = folded.has(entry.number);
    items.push({ kind: "step", key: `step-${entry.number}`, step: entry, folded: isFolded, rail: noRail() });
    for (const callId of entry.callIds) {
      const isCodeTask = flow.calls.get(callId)?.name === CODE_TASK_TOOL;
      if (isFolded && !isCodeTask) continue;
      items.push({
        kind: isCodeTask ? "block" : "row",
        key: `call-${callId}`,
        callId,
        stepNumber: entry.number,
        rail: noRail(),
      });
    }
  }
  joinRails(items);
  return items;
}

function noRail(): RailEnds {
  return { above: false, below: false };
}

/** Links each step item to its neighbours that are step items too; an operator message cuts the rail. */
function joinRails(items: FlowItem[]): void {
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (item === undefined || item.kind === "operator") continue;
    const previous = items[index - 1];
    const next = items[index + 1];
    item.rail.above = previous !== undefined && previous.kind !== "operator";
    item.rail.below = next !== undefined && next.kind !== "operator";
  }
}

/** The one-line summary of a step: "3 tool calls", with how many failed or still run. */
export function stepSummary(step: Pick<FlowStep, "callIds">, calls: ReadonlyMap<string, FlowCall>): string {
  const count = step.callIds.length;
  const parts = [count === 0 ? "no tool calls" : count === 1 ? "1 tool call" : `${count} tool calls`];
  let running = 0;
  let failed = 0;
  for (const callId of step.callIds) {
    const status = calls.get(callId)?.status;
    if (status === "running") running += 1;
    else if (status === "failed") failed += 1;
  }
  if (running > 0) parts.push(`${running} running`);
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.join(" · ");
}

/** The first line of the agent's text, for a folded step's header (a Markdown heading without its #). */
export function foldedStepLine(text: string): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.replace(/^#+\s*/, "").trim();
}

/** Finish reasons that are no news: it asked for tools, it answered, or the provider did not say. */
const ORDINARY_FINISHES = new Set(["tool_calls", "tool-calls", "stop", "end_turn", "other", "unknown"]);

/** How a step's generation ended when that is news ("error", "cancelled", "length"); null otherwise. */
export function stepFinishNote(finishReason: string | null): string | null {
  if (finishReason === null || ORDINARY_FINISHES.has(finishReason)) return null;
  return finishReason.replaceAll(/[_-]/g, " ");
}

/** The index of a call's item, or -1 when it is hidden or unknown. */
export function itemIndexOfCall(items: readonly FlowItem[], callId: string): number {
  return items.findIndex((item) => (item.kind === "row" || item.kind === "block") && item.callId === callId);
}
