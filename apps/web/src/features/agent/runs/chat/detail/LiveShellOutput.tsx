import { TASK_PROGRESS_KEPT_LINES } from "@guilds/protocol/harnessLimits";
import { ProgressLines } from "./ProgressLines.tsx";
import "./detail.css";

/**
 * A shell command's output while it runs, the latest line last: the foreground call's live lines,
 * or a background command's while its detail is open. `waiting` is what shows before any line.
 */
export function LiveShellOutput({ lines, waiting }: { lines: readonly string[]; waiting: string }) {
  if (lines.length === 0) return <p className="detail-note">{waiting}</p>;
  return (
    <>
      {lines.length >= TASK_PROGRESS_KEPT_LINES && (
        <p className="detail-note">The latest {TASK_PROGRESS_KEPT_LINES} lines.</p>
      )}
      <ProgressLines lines={lines} label="Live output" follow />
    </>
  );
}
