import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { agentRunsQuery } from "../../../api/resourceQueries.ts";
import { runClientText } from "../../../runFlow/runClientText.ts";
import { runName } from "../../../runFlow/runName.ts";
import { Button } from "../../../ui/Button.tsx";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { Panel } from "../../../ui/Panel.tsx";
import { Timestamp } from "../../../ui/Timestamp.tsx";
import { RunStatusBadge } from "./RunStatusBadge.tsx";
import { hasRunningRun, RUNNING_REFETCH_MS, runDurationText, toolCallsText } from "./runSummary.ts";

/** The agent's runs, newest first; asked again every few seconds while one is running. */
export function RunsList({ agentId, maxToolCalls }: { agentId: string; maxToolCalls: number }) {
  const runs = useInfiniteQuery({
    ...agentRunsQuery(agentId),
    refetchInterval: (query) =>
      hasRunningRun(query.state.data?.pages.flatMap((page) => page.runs)) ? RUNNING_REFETCH_MS : false,
  });
  const listed = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  return (
    <Panel title="Runs" description="Newest first. Open one to watch its tool calls, live or afterwards.">
      {runs.isPending ? (
        <Loading label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorNotice error={runs.error} title="Couldn't load the runs" />
      ) : listed.length === 0 ? (
        <EmptyState>No runs yet: write a message above and start one.</EmptyState>
      ) : (
        <>
          <ol className="row-list">
            {listed.map((run) => (
              <li key={run.id} className="run-row">
                <RunStatusBadge status={run.status} />
                <div className="run-row-main">
                  <Link to={`/runs/${run.id}`} className="run-row-link">
                    {runName(run)}
                  </Link>
                  {runClientText(run) !== null && (
                    <span className="run-row-client">{runClientText(run)}</span>
                  )}
                  {run.status_reason !== null && (
                    <span className="run-row-reason" title={run.status_reason}>
                      {run.status_reason}
                    </span>
                  )}
                </div>
                <div className="run-row-meta">
                  <Timestamp iso={run.created_at} />
                  <span>{runDurationText(run)}</span>
                  <span>{toolCallsText(run.tool_calls_used, maxToolCalls)}</span>
                </div>
              </li>
            ))}
          </ol>
          {runs.hasNextPage && (
            <Button
              className="runs-older"
              busy={runs.isFetchingNextPage}
              onClick={() => void runs.fetchNextPage()}
            >
              Show older runs
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
