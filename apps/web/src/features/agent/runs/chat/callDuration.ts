import type { FlowCall } from "../../../../runFlow/runFlow.ts";

/** How long an ended call took, shortly: "850 ms", "4.2 s", "3m 05s"; null while it runs or never started. */
export function callDuration(call: Pick<FlowCall, "startedAt" | "endedAt">): string | null {
  if (call.startedAt === null || call.endedAt === null) return null;
  const ms = Date.parse(call.endedAt) - Date.parse(call.startedAt);
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
}
