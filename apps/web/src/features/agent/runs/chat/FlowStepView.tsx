import type { HarnessName } from "@guilds/protocol/harness";
import { memo } from "react";
import { clockTime } from "./clockTime.ts";
import { foldedStepLine } from "./flowItems.ts";
import { HarnessLogo } from "./HarnessLogo.tsx";
import { StepMarkdown } from "./StepMarkdown.tsx";

export interface FlowStepViewProps {
  /** 1, 2, 3, ... in the run's order: the label, and the N of a row's "unchanged since step N". */
  number: number;
  text: string;
  /** "3 tool calls · 1 failed" */
  summary: string;
  folded: boolean;
  /** The generation is still being written (no finish reason yet, the run goes on). */
  generating: boolean;
  /** How the generation ended when that is news ("error", "cancelled", "length"); null otherwise. */
  finishNote: string | null;
  /** The harness of the step's code task, shown on the rail in place of the dot (Code tasks). */
  harness: HarnessName | null;
  /** The step's code task runs: its logo pulses. */
  taskRunning: boolean;
  /** Its tokens and cost ("1,200 in · 80 out · $0.0012"); null until its generation ended. */
  usage: string | null;
  startedAt: string;
  onToggle: (stepNumber: number) => void;
}

/**
 * The head of one step (a generation): its marker on the rail, a fold toggle, the one-line summary,
 * and the agent's text. The step's calls follow as items of their own (flowItems).
 */
export const FlowStepView = memo(function FlowStepView(props: FlowStepViewProps) {
  const {
    number,
    text,
    summary,
    folded,
    generating,
    finishNote,
    harness,
    taskRunning,
    usage,
    startedAt,
    onToggle,
  } = props;
  const time = clockTime(startedAt);
  return (
    <div
      className={`flow-step${folded ? " flow-step--folded" : ""}`}
      data-testid="flow-step"
      data-step={number}
    >
      <div className="flow-step-head">
        {harness !== null ? (
          <span className="flow-marker flow-marker--logo" data-testid="step-marker" data-harness={harness}>
            <HarnessLogo harness={harness} size={16} pulse={taskRunning} />
          </span>
        ) : (
          <span
            className={`flow-marker flow-marker--dot${generating ? " flow-marker--live" : ""}`}
            data-testid="step-marker"
            aria-hidden="true"
          />
        )}
        <button
          type="button"
          className="flow-step-toggle"
          aria-expanded={!folded}
          onClick={() => onToggle(number)}
        >
          <svg className="flow-chevron" aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
            <path
              d="m4.5 3 3 3-3 3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
          </svg>
          {`Step ${number}`}
        </button>
        <span className="flow-step-summary">{summary}</span>
        {finishNote !== null && (
          <span className={`flow-tag flow-tag--${finishNote === "cancelled" ? "muted" : "danger"}`}>
            {finishNote}
          </span>
        )}
        {usage !== null && (
          <span className="flow-step-usage" data-testid="step-usage">
            {usage}
          </span>
        )}
        {time !== null && (
          <time className="flow-step-time" dateTime={startedAt}>
            {time}
          </time>
        )}
      </div>
      {folded ? (
        text !== "" && <p className="flow-step-folded-text">{foldedStepLine(text)}</p>
      ) : text !== "" ? (
        <StepMarkdown text={text} />
      ) : (
        generating && <p className="flow-step-thinking">Thinking…</p>
      )}
    </div>
  );
});
