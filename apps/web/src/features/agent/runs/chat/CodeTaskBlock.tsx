import type { HarnessName } from "@guilds/protocol/harness";
import { memo } from "react";
import type { FlowCall } from "../../../../runFlow/runFlow.ts";
import { codeTaskBlockModel } from "./codeTaskBlockModel.ts";
import { HarnessLogo } from "./HarnessLogo.tsx";
import { useSecondTicker } from "./useSecondTicker.ts";
import "./flow.css";

/** The colour of a task's status word, by how it ended (the page's Status table). */
export function taskStatusTone(status: string): "running" | "ok" | "danger" | "warn" | "muted" {
  switch (status) {
    case "running":
      return "running";
    case "completed":
      return "ok";
    case "failed":
      return "danger";
    case "timed_out":
    case "cancelled":
    case "interrupted":
      return "warn";
    default:
      return "muted";
  }
}

/**
 * A code_task in the flow, as the page reads it (Code tasks, In the app): the harness's logo and
 * name, "coding task", the status, a wrote tag and the run time; the brief on two lines; the latest
 * six progress lines while it runs; its repository and diffstat; the first line of its error.
 * Clicking it, or Enter, opens its detail (a running task on Result: RunPage's viewOnOpening).
 */
export const CodeTaskBlock = memo(function CodeTaskBlock(props: {
  call: FlowCall;
  agentHarness: HarnessName | null;
  selected: boolean;
  onOpen: (callId: string) => void;
}) {
  const { call, agentHarness, selected, onOpen } = props;
  const now = useSecondTicker(call.status === "running");
  const model = codeTaskBlockModel(call, agentHarness, now);
  const tone = taskStatusTone(model.status);
  return (
    // A button of spans: block content is not allowed in a button, spans laid out as blocks are.
    <button
      type="button"
      className={`code-task code-task--${tone}${model.running ? " code-task--running" : ""}${selected ? " code-task--selected" : ""}`}
      data-testid="code-task-block"
      data-call-id={call.id}
      data-status={model.status}
      aria-current={selected ? "true" : undefined}
      onClick={() => onOpen(call.id)}
    >
      <span className="code-task-head">
        <span className="code-task-logo">
          {model.harness !== null ? (
            <HarnessLogo harness={model.harness} size={18} pulse={model.running} />
          ) : (
            <span className="code-task-logo-none" aria-hidden="true" />
          )}
        </span>
        <span className="code-task-title">
          <span className="code-task-harness">{model.harnessName}</span>{" "}
          <span className="code-task-kind">coding task</span>
        </span>
        <span className={`code-task-status code-task-status--${tone}`} data-testid="task-status">
          {model.statusLabel}
        </span>
        {model.wrote && <span className="flow-tag flow-tag--wrote">wrote</span>}
        {model.runTime !== "" && <span className="code-task-time">{model.runTime}</span>}
      </span>
      <span className="code-task-brief" data-testid="task-brief" title={model.brief}>
        {model.brief}
      </span>
      {model.running && model.progress.length > 0 && (
        <span className="code-task-progress">
          {model.progress.map((line, index) => (
            // Lines have no ids and repeat; their place among the latest six is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <span key={index} className="code-task-progress-line" data-testid="task-progress">
              {line}
            </span>
          ))}
        </span>
      )}
      {(model.repository !== null || model.diffstat !== null) && (
        <span className="code-task-facts">
          {model.repository !== null && <span className="code-task-repo">{model.repository}</span>}
          {model.diffstat !== null && <span className="code-task-diffstat">{model.diffstat}</span>}
        </span>
      )}
      {model.errorLine !== null && <span className="code-task-error">{model.errorLine}</span>}
    </button>
  );
});
