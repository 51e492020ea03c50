import { memo } from "react";
import type { FlowCall } from "../../../../runFlow/runFlow.ts";
import { runningLine } from "../../../../runFlow/runningLine.ts";
import { toolRowText } from "../../../../runFlow/toolFormat.ts";
import { toolRowDetail } from "../../../../runFlow/toolRowDetail.ts";
import { callDuration } from "./callDuration.ts";
import { ToolIcon } from "./ToolIcon.tsx";

/** An outcome that says the call did not succeed ("exit 1", "timed out", "failed") reads in red. */
const FAILED_OUTCOME = /^(exit -?\d+|timed out|failed)$/;

export function outcomeTone(status: FlowCall["status"], outcome: string): "danger" | "muted" {
  return status === "failed" || FAILED_OUTCOME.test(outcome) ? "danger" : "muted";
}

/**
 * One non-code_task call of the flow: its tool's icon, its row text (Code tools), once it ended what
 * an operator scans for in muted type (toolRowDetail), the outcome in a tag. `call` is a snapshot (CallSnapshots), so the memo holds until this call changes.
 */
export const ToolCallRow = memo(function ToolCallRow(props: {
  call: FlowCall;
  selected: boolean;
  onOpen: (callId: string) => void;
}) {
  const { call, selected, onOpen } = props;
  const { summary, outcome } = toolRowText(call);
  // While it runs: its latest output line (a shell command's live output).
  const detail = toolRowDetail(call) ?? runningLine(call);
  // The outcome already says how an ended call went; a call not ended yet says where it is.
  const state = call.status === "pending" || call.status === "running" ? call.status : null;
  const duration = callDuration(call);
  return (
    <button
      type="button"
      className={`flow-row flow-row--${call.status}${selected ? " flow-row--selected" : ""}${detail !== null ? " flow-row--detailed" : ""}`}
      data-testid="tool-row"
      data-call-id={call.id}
      data-tool={call.name}
      data-status={call.status}
      aria-current={selected ? "true" : undefined}
      title={detail === null ? summary : `${summary} \u2014 ${detail}`}
      onClick={() => onOpen(call.id)}
    >
      <span className="flow-row-icon">
        {call.status === "running" ? (
          <span className="flow-spinner" aria-hidden="true" />
        ) : (
          <ToolIcon tool={call.name} />
        )}
      </span>
      <span className="flow-row-summary">{summary}</span>
      {detail !== null && (
        <span className="flow-row-detail" data-testid="row-detail">
          {detail}
        </span>
      )}
      {outcome !== null && (
        <span className={`flow-tag flow-tag--${outcomeTone(call.status, outcome)}`}>{outcome}</span>
      )}
      {state !== null && <span className="flow-tag flow-tag--state">{state}</span>}
      {duration !== null && <span className="flow-row-duration">{duration}</span>}
    </button>
  );
});
