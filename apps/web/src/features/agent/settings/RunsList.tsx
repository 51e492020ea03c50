import { useInfiniteQuery } from "@tanstack/react-query";
import { agentRunsQuery } from "../../../api/resourceQueries.ts";
import { runClientText } from "../../../runFlow/runClientText.ts";
import { hasRunningRun, RUNNING_REFETCH_MS, toolCallsText } from "../../../runFlow/runSummary.ts";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { Panel } from "../../../ui/Panel.tsx";
import { RunRow } from "../../../ui/RunRow.tsx";
import { ShowOlderRuns } from "../../../ui/ShowOlderRuns.tsx";

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
              <RunRow
                key={run.id}
                run={run}
                details={
                  runClientText(run) !== null && <span className="run-row-client">{runClientText(run)}</span>
                }
                toolCalls={toolCallsText(run.tool_calls_used, maxToolCalls)}
              />
            ))}
          </ol>
          {runs.hasNextPage && (
            <ShowOlderRuns busy={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()} />
          )}
        </>
      )}
    </Panel>
  );
}
