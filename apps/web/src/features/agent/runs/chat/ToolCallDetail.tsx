import type { HarnessName } from "@guilds/protocol/harness";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { codeTaskMeta, filled } from "../../../../runFlow/callMeta.ts";
import type { DetailView } from "../../../../runFlow/detailView.ts";
import type { FlowCall } from "../../../../runFlow/runFlow.ts";
import { toolRowText } from "../../../../runFlow/toolFormat.ts";
import { HARNESS_FIELD_ID } from "../../../../ui/AgentSettingsFields.tsx";
import { Tabs } from "../../../../ui/Tabs.tsx";
import { taskStatusTone } from "./CodeTaskBlock.tsx";
import { codeTaskBlockModel } from "./codeTaskBlockModel.ts";
import { ArgumentsView } from "./detail/ArgumentsView.tsx";
import { DiffView } from "./detail/DiffView.tsx";
import { detailTabs, shownDetailView } from "./detail/detailTabs.ts";
import { MetadataView } from "./detail/MetadataView.tsx";
import { ResultView } from "./detail/ResultView.tsx";
import { TaskLogView } from "./detail/TaskLogView.tsx";
import { isMissingHarness } from "./missingHarness.ts";
import { codeTaskMetadataRows, toolMetadataRows } from "./toolMetadataRows.ts";
import { useSecondTicker } from "./useSecondTicker.ts";
import "./detail/detail.css";

export interface ToolCallDetailProps {
  runId: string;
  /** Changes live (progress lines, then the result): rendered again with each change. */
  call: FlowCall;
  agentHarness: HarnessName | null;
  /** The run's agent, for a link to its settings; null until the run is loaded. */
  agentId: string | null;
  /** The URL's ?view=; null opens on Result. */
  view: DetailView | null;
  onViewChange: (view: DetailView) => void;
  onClose: () => void;
}

/**
 * An open tool call (Code tools, Code tasks: In the app): its heading and status, and its views as
 * tabs. Escape closes it, as the Close button does.
 */
export function ToolCallDetail(props: ToolCallDetailProps) {
  const { runId, call, agentHarness, agentId, view, onViewChange, onClose } = props;
  const isCodeTask = call.name === "code_task";
  const shown = shownDetailView(call.name, view);
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useSecondTicker(isCodeTask && call.status === "running");

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || isEditable(event.target)) return;
      onClose();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  // The operator opened this call: its detail is where they read next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened call.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [call.id]);

  const task = isCodeTask ? codeTaskBlockModel(call, agentHarness, now) : null;
  const row = task === null ? toolRowText(call) : null;
  const title = task !== null ? `${task.harnessName} coding task` : (row?.summary ?? call.name);
  const status = task !== null ? task.status : call.status;
  const statusText =
    task !== null
      ? [task.statusLabel, task.runTime].filter((part) => part !== "").join(" · ")
      : [call.status, row?.outcome ?? null].filter((part) => part !== null).join(" · ");
  const meta = codeTaskMeta(call);
  const endSha = filled(meta.end_sha);
  const logPath = filled(meta.log_path);
  const running = call.status === "running" || call.status === "pending";

  return (
    <section
      aria-label="Tool call details"
      className="call-detail"
      data-call-id={call.id}
      data-tool={call.name}
    >
      <header className="call-detail-header">
        <h2 ref={heading} tabIndex={-1} className="call-detail-title" title={title}>
          {title}
        </h2>
        <span
          className={`call-detail-status call-detail-status--${taskStatusTone(status)}`}
          data-status={status}
        >
          {statusText}
        </span>
        <button type="button" className="call-detail-close" onClick={onClose}>
          Close
        </button>
      </header>
      {task !== null && task.brief !== "" && <p className="call-detail-brief">{task.brief}</p>}
      {isMissingHarness(call) && agentId !== null && (
        <p className="call-detail-brief" data-testid="missing-harness">
          This agent has no harness, so the task had nothing to run. Pick one in{" "}
          <Link to={`/agents/${encodeURIComponent(agentId)}#${HARNESS_FIELD_ID}`}>
            the agent's Harness field
          </Link>
          ; until then the agent makes its changes with shell.
        </p>
      )}
      <Tabs label="Tool call views" tabs={detailTabs(call.name)} selected={shown} onSelect={onViewChange}>
        {shown === "result" && <ResultView key={call.id} call={call} runId={runId} />}
        {shown === "arguments" && <ArgumentsView args={call.arguments} />}
        {shown === "metadata" && (
          <MetadataView
            rows={isCodeTask ? codeTaskMetadataRows(call, agentHarness) : toolMetadataRows(call)}
            onOpenLog={() => onViewChange("log")}
          />
        )}
        {shown === "diff" && <DiffView runId={runId} callId={call.id} endSha={endSha} running={running} />}
        {shown === "log" && (
          <TaskLogView key={call.id} runId={runId} callId={call.id} logPath={logPath} running={running} />
        )}
      </Tabs>
    </section>
  );
}

/** Escape in a field belongs to the field (a draft message keeps its text). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
