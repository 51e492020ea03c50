import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { RunBoardFilters as Filters } from "../../api/runBoardQueries.ts";
import { runBoardQuery } from "../../api/runBoardQueries.ts";
import { RUNNING_REFETCH_MS } from "../../runFlow/runSummary.ts";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Panel } from "../../ui/Panel.tsx";
import { ShowOlderRuns } from "../../ui/ShowOlderRuns.tsx";
import { anyFilter, filtersOf, paramsOf } from "./boardFilters.ts";
import { RunBoardFilters } from "./RunBoardFilters.tsx";
import { type BoardRun, RunBoardRow } from "./RunBoardRow.tsx";
import "./runsBoard.css";

/**
 * Every run of every guild, newest first, filtered by status, guild, agent and text; older runs on
 * asking. Live: the layout's run stream reads it again when a run starts or ends, and while a run
 * shows running or waiting it is read every few seconds to see it change between the two.
 */
export function RunsBoardPage() {
  const [params, setParams] = useSearchParams();
  // One object while the URL stays: the search's pause (RunBoardFilters) restarts when it changes.
  const query = params.toString();
  const filters = useMemo(() => filtersOf(new URLSearchParams(query)), [query]);
  const setFilters = useCallback(
    (next: Filters) => setParams(paramsOf(next), { replace: true }),
    [setParams],
  );
  const runs = useInfiniteQuery({
    ...runBoardQuery(filters),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.runs.some(active)) ? RUNNING_REFETCH_MS : false,
  });
  const listed = runs.data?.pages.flatMap((page) => page.runs) ?? [];

  useEffect(() => {
    document.title = "Runs · guilds";
  }, []);

  return (
    <div className="page">
      <PageHeader
        title="Runs"
        meta="Every run of every guild, newest first. A waiting run is running with nothing at work: it waits for a code task or for its MCP client."
      />
      <Panel title="Filters">
        <RunBoardFilters filters={filters} onChange={setFilters} />
      </Panel>
      <Panel title="All runs" description="Runs appear and change here as they start and end.">
        {runs.isPending ? (
          <Loading label="Loading runs…" />
        ) : runs.isError ? (
          <ErrorNotice error={runs.error} title="Couldn't load the runs" />
        ) : listed.length === 0 ? (
          <EmptyState>
            {anyFilter(filters)
              ? "No run matches these filters."
              : "No runs yet: start one from an agent's page."}
          </EmptyState>
        ) : (
          <>
            <ol className="row-list">
              {listed.map((run) => (
                <RunBoardRow key={run.id} run={run} />
              ))}
            </ol>
            {runs.hasNextPage && (
              <ShowOlderRuns busy={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()} />
            )}
          </>
        )}
      </Panel>
    </div>
  );
}

function active(run: BoardRun): boolean {
  return run.board_status === "running" || run.board_status === "waiting";
}
