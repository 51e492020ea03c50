import type { RunFlow } from "./runFlow.ts";

/** The calls that started: what counts against max_tool_calls (a call answered unstarted does not). */
export function startedCalls(flow: RunFlow): number {
  let count = 0;
  for (const call of flow.calls.values()) if (call.startedAt !== null) count += 1;
  return count;
}
