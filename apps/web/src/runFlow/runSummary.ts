import type { Run } from "@guilds/client/apiTypes";
import { formatDuration } from "../ui/formatTime.ts";

/** While any run is running the list asks again this often, to see it end. */
export const RUNNING_REFETCH_MS = 3_000;

export function hasRunningRun(runs: readonly Run[] | undefined): boolean {
  return runs?.some((run) => run.status === "running") ?? false;
}

/** "3 min 5 s", or "running for 42 s" while it runs. */
export function runDurationText(
  run: Pick<Run, "status" | "created_at" | "ended_at">,
  now: number = Date.now(),
): string {
  const start = Date.parse(run.created_at);
  if (run.ended_at !== null) return formatDuration(Date.parse(run.ended_at) - start);
  return run.status === "running" ? `running for ${formatDuration(now - start)}` : "";
}

/** "12 of 100 tool calls". */
export function toolCallsText(used: number, max: number): string {
  return `${used} of ${max} tool call${max === 1 ? "" : "s"}`;
}
