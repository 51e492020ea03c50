import type { RunBoardStatus } from "@guilds/protocol/runBoardViews";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { runName } from "../runFlow/runName.ts";
import { runDurationText } from "../runFlow/runSummary.ts";
import { RunStatusBadge } from "./RunStatusBadge.tsx";
import { Timestamp } from "./Timestamp.tsx";
import "./runRows.css";

/** What a row shows of a run (a Run of the API, or a run of the board). */
export interface RowRun {
  id: string;
  title: string;
  status: "running" | "completed" | "failed" | "cancelled" | "interrupted";
  status_reason: string | null;
  created_at: string;
  ended_at: string | null;
}

/**
 * One run in a list: its status, its name (a link to its page), `details` under the name, why it
 * ended, when it started, how long it ran, `toolCalls` in words, and its `cost` when given.
 */
export function RunRow(props: {
  run: RowRun;
  status?: RunBoardStatus;
  details?: ReactNode;
  toolCalls: string;
  cost?: ReactNode;
}) {
  const { run, details, toolCalls, cost } = props;
  return (
    <li className="run-row" data-run-id={run.id}>
      <RunStatusBadge status={props.status ?? run.status} />
      <div className="run-row-main">
        <Link to={`/runs/${run.id}`} className="run-row-link">
          {runName(run)}
        </Link>
        {details}
        {run.status_reason !== null && (
          <span className="run-row-reason" title={run.status_reason}>
            {run.status_reason}
          </span>
        )}
      </div>
      <div className="run-row-meta">
        <Timestamp iso={run.created_at} />
        <span>{runDurationText(run)}</span>
        <span>{toolCalls}</span>
        {cost}
      </div>
    </li>
  );
}
