import type { HarnessName, TaskStatus } from "@guilds/protocol/harness";
import type { TaskDiffSummary } from "../checkpoints/taskDiff.ts";

/** Everything a code_task's result and metadata say, however the call ended. */
export interface TaskReport {
  status: TaskStatus;
  harness: HarnessName;
  repository: string;
  /** As the harness reported it; null reads "none". */
  sessionId: string | null;
  durationMs: number;
  /** The diffstat since the start checkpoint; null without an end checkpoint. */
  diff: TaskDiffSummary | null;
  /** The Status table's detail (or several lines of it); null when there is none. */
  detail: string | null;
  /** "" when the harness gave none. */
  finalMessage: string;
  /** Home-relative; null when the harness never started. */
  logPath: string | null;
  exitCode: number | null;
  startSha: string | null;
  endSha: string | null;
  costUsd: number | null;
  usage: { input_tokens: number | null; output_tokens: number | null } | null;
}
