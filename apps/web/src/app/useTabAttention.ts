import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { setFaviconFor } from "../attention/favicon.ts";
import { attentionMark, runAttention } from "../attention/runAttention.ts";
import { setTitleMark } from "../attention/tabTitle.ts";
import { routeIdsOf } from "./routeIds.ts";

/**
 * The tab's title and icon say how many runs ended unseen ("(2) …", "(2!) …" when one failed, a dot
 * on the icon). Looking clears them: a run's page its run, the runs board all of them, whenever the
 * tab is visible.
 */
export function useTabAttention(): void {
  const unseen = useSyncExternalStore(runAttention.subscribe, runAttention.unseen, runAttention.unseen);
  const { pathname } = useLocation();

  useEffect(() => {
    setTitleMark(attentionMark(unseen));
    setFaviconFor(unseen);
  }, [unseen]);

  useEffect(() => {
    const look = () => {
      if (document.visibilityState !== "visible") return;
      if (pathname === "/runs") return runAttention.markAllSeen();
      const { runId } = routeIdsOf(pathname);
      if (runId !== undefined) runAttention.markSeen(runId);
    };
    look();
    document.addEventListener("visibilitychange", look);
    return () => document.removeEventListener("visibilitychange", look);
  }, [pathname]);
}
