import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, answer, guildsApi } from "../../../../../api/apiClient.ts";

/*
 * A code task's log and diff, read from the agent's machine (each read wakes it). Both are fixed
 * once the task ended, so they are read once: never stale, never refetched on focus.
 */

/** A refusal (4xx: a pruned log is 404) is the answer; a failed wake or network error is tried once more. */
export function retryTaskArtifact(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

export const taskLogKey = (runId: string, callId: string) => ["task-log", runId, callId] as const;
export const taskDiffKey = (runId: string, callId: string) => ["task-diff", runId, callId] as const;

/** The harness log, once the result names one (logPath); read only while the Log view shows. */
export function useTaskLog(runId: string, callId: string, logPath: string | null) {
  return useQuery({
    queryKey: taskLogKey(runId, callId),
    queryFn: () =>
      answer(guildsApi.GET("/api/runs/{runId}/tasks/{callId}/log", { params: { path: { runId, callId } } })),
    enabled: logPath !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: retryTaskArtifact,
  });
}

/** The task's diff, once it has an end checkpoint; `outdated` (and read again) when that checkpoint changed. */
export function useTaskDiff(runId: string, callId: string, endSha: string | null) {
  const query = useQuery({
    queryKey: taskDiffKey(runId, callId),
    queryFn: () =>
      answer(guildsApi.GET("/api/runs/{runId}/tasks/{callId}/diff", { params: { path: { runId, callId } } })),
    enabled: endSha !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: retryTaskArtifact,
  });
  const outdated = endSha !== null && query.data !== undefined && query.data.end_sha !== endSha;
  const { refetch } = query;
  useEffect(() => {
    if (outdated) void refetch();
  }, [outdated, refetch]);
  return { query, outdated };
}
