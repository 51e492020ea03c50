import type { HarnessName } from "@guilds/protocol/harness";
import { CANCELLED_BEFORE_START_DETAIL } from "./taskDetail.ts";
import type { TaskReport } from "./taskReport.ts";

/**
 * "A generation cancelled before this step never starts the harness": no session, no log, and
 * nothing changed (the page's second line then reads "no files changed").
 */
export function notStartedReport(
  harness: HarnessName,
  repository: string,
  began: number,
  startSha: string | null,
): TaskReport {
  return {
    status: "cancelled",
    harness,
    repository,
    sessionId: null,
    durationMs: Date.now() - began,
    diff: { filesChanged: 0, insertions: 0, deletions: 0, files: [], moreFiles: 0 },
    detail: CANCELLED_BEFORE_START_DETAIL,
    finalMessage: "",
    logPath: null,
    exitCode: null,
    startSha,
    endSha: null,
    costUsd: null,
    usage: null,
  };
}
