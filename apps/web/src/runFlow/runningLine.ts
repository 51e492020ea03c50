import type { FlowCall } from "./runFlow.ts";

/**
 * A running call's latest output line (its live progress, not blank), the row's secondary text
 * while it runs; null before the first line, and once the call ended (the result says then).
 */
export function runningLine(call: Pick<FlowCall, "status" | "progress">): string | null {
  if (call.status !== "running") return null;
  for (let index = call.progress.length - 1; index >= 0; index -= 1) {
    const line = call.progress[index]?.trim();
    if (line !== undefined && line !== "") return line;
  }
  return null;
}
