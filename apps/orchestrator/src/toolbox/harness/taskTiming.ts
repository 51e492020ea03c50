import { TASK_POLL_INTERVAL_MS } from "@guilds/protocol/harnessLimits";

/** How long a task's minute and its poll interval are: the page's, or shorter in tests. */
export interface TaskTiming {
  /** One minute of timeout_minutes. */
  minuteMs: number;
  pollIntervalMs: number;
}

export const PAGE_TIMING: TaskTiming = { minuteMs: 60_000, pollIntervalMs: TASK_POLL_INTERVAL_MS };
