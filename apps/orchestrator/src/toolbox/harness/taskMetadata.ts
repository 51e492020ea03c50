import type { CallMeta, CodeTaskMeta } from "@guilds/protocol/toolMeta";
import type { TaskReport } from "./taskReport.ts";

/**
 * The call's metadata beside what every tool call records: the page's fields, then the turn's cost
 * and usage when the CLI reported them. A cancelled task carries cancelled: true, as every
 * cancelled tool call does.
 */
export function taskMetadata(report: TaskReport): CodeTaskMeta & CallMeta {
  return {
    harness: report.harness,
    status: report.status,
    session_id: report.sessionId,
    repository: report.repository,
    exit_code: report.exitCode,
    duration_ms: Math.max(0, Math.round(report.durationMs)),
    files_changed: report.diff?.filesChanged ?? null,
    insertions: report.diff?.insertions ?? null,
    deletions: report.diff?.deletions ?? null,
    start_sha: report.startSha,
    end_sha: report.endSha,
    log_path: report.logPath,
    ...(report.costUsd === null ? {} : { cost_usd: report.costUsd }),
    ...(report.usage === null ? {} : { usage: report.usage }),
    ...(report.status === "cancelled" ? { cancelled: true } : {}),
  };
}
