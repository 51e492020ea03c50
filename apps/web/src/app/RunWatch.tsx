import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { runQuery } from "../api/resourceQueries.ts";
import { WatchRunButton } from "../attention/WatchRunButton.tsx";
import { routeIdsOf } from "./routeIds.ts";

/** On a running run's page, the top bar offers a notification when it ends. */
export function RunWatch() {
  const { runId } = routeIdsOf(useLocation().pathname);
  const run = useQuery({ ...runQuery(runId ?? ""), enabled: runId !== undefined });
  if (runId === undefined || run.data?.status !== "running") return null;
  return <WatchRunButton runId={runId} />;
}
