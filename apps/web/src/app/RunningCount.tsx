import { useQuery } from "@tanstack/react-query";
import { NavLink } from "react-router";
import { runningCountQuery } from "../api/runBoardQueries.ts";
import { RUNNING_REFETCH_MS } from "../runFlow/runSummary.ts";

/**
 * The top bar's way to the runs board, with the runs at work now (and those waiting) beside it.
 * Read again at each run's start and end (useRunLifecycle), and every few seconds while one runs,
 * to see it start or stop waiting.
 */
export function RunningCount() {
  const counts = useQuery({
    ...runningCountQuery(),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data !== undefined && data.running + data.waiting > 0 ? RUNNING_REFETCH_MS : false;
    },
  });
  const running = counts.data?.running;
  const waiting = counts.data?.waiting ?? 0;
  return (
    <NavLink to="/runs" end className="layout-nav-link">
      Runs
      {running !== undefined && (
        <span
          className={running > 0 ? "layout-count layout-count-active" : "layout-count"}
          data-testid="running-count"
        >
          {running} running
        </span>
      )}
      {waiting > 0 && (
        <span className="layout-count" data-testid="waiting-count">
          {waiting} waiting
        </span>
      )}
    </NavLink>
  );
}
