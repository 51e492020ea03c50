import type { RunStatus } from "@guilds/protocol/runEvents";

/** A run's status as a coloured word; a running run's dot pulses. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <span className={`run-status-badge run-status-${status}`}>
      <span className="run-status-dot" aria-hidden="true" />
      {status}
    </span>
  );
}
