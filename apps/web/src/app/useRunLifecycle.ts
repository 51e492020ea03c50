import type { RunEventOf } from "@guilds/protocol/runEvents";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { answer, guildsApi } from "../api/apiClient.ts";
import { queryKeys } from "../api/resourceQueries.ts";
import { runBoardKey } from "../api/runBoardQueries.ts";
import { followRunLifecycle } from "../api/runLifecycleStream.ts";
import { runAttention } from "../attention/runAttention.ts";
import { endNotificationText, isWatched, notifyRunEnded } from "../attention/watchedRuns.ts";
import { runName } from "../runFlow/runName.ts";
import { routeIdsOf } from "./routeIds.ts";

/**
 * Follows every run's start and end while the app is open: the runs board and the running count
 * are read again, a run that ends while the operator is not looking at it needs attention, and a
 * watched run's end is notified. The stream is live only: on each (re)connection the board is read
 * again, so nothing that happened while it was down is missed.
 */
export function useRunLifecycle(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  where.current = pathname;

  useEffect(() => {
    const refreshBoard = () => void queryClient.invalidateQueries({ queryKey: runBoardKey });
    return followRunLifecycle({
      onState: (state) => {
        if (state === "live") refreshBoard();
      },
      onEvents: (envelopes) => {
        refreshBoard();
        for (const { data: event } of envelopes) {
          if (event.type !== "run.ended") continue;
          void queryClient.invalidateQueries({ queryKey: queryKeys.run(event.run_id) });
          if (!lookingAt(where.current, event.run_id)) runAttention.noteEnded(event.run_id, event.status);
          if (isWatched(event.run_id)) void notifyEnd(event);
        }
      },
    });
  }, [queryClient]);
}

/** The operator sees the run end: its page, or the board, is open in the visible tab. */
export function lookingAt(pathname: string, runId: string): boolean {
  if (document.visibilityState !== "visible") return false;
  return pathname === "/runs" || routeIdsOf(pathname).runId === runId;
}

async function notifyEnd(event: RunEventOf<"run.ended">): Promise<void> {
  const run = await answer(
    guildsApi.GET("/api/runs/{runId}/summary", { params: { path: { runId: event.run_id } } }),
  ).catch(() => ({ id: event.run_id }));
  notifyRunEnded(event.run_id, endNotificationText(runName(run), event.status, event.reason));
}
