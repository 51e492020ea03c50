import type { RunBoardStatus } from "@guilds/protocol/runBoardViews";
import "./runRows.css";

/** A run's status as a coloured word; a running run's dot pulses, a waiting run's badge is dashed. */
export function RunStatusBadge({ status }: { status: RunBoardStatus }) {
  return (
    <span className={`run-status-badge run-status-${status}`}>
      <span className="run-status-dot" aria-hidden="true" />
      {status}
    </span>
  );
}
