import { TASK_PROGRESS_KEPT_LINES } from "@guilds/protocol/harnessLimits";
import { ShellBackgroundMeta } from "@guilds/protocol/toolMeta";
import { useMemo, useState } from "react";
import type { FlowCall } from "../../../../../runFlow/runFlow.ts";
import { resultWithoutLogLine } from "../codeTaskBlockModel.ts";
import { BackgroundOutput } from "./BackgroundOutput.tsx";
import { JsonTree } from "./JsonTree.tsx";
import { LiveShellOutput } from "./LiveShellOutput.tsx";
import { MarkdownText } from "./MarkdownText.tsx";
import { ModeToggle } from "./ModeToggle.tsx";
import { ProgressLines } from "./ProgressLines.tsx";
import { RawText } from "./RawText.tsx";
import { parseJsonContainer, resultMarkdown, splitTaskResult, splitTrailer } from "./resultText.ts";
import "./detail.css";

/**
 * The Result view: a running code task's live progress, a running shell command's live output;
 * then the result, formatted or raw, and under a background command's its live output.
 */
export function ResultView({ call, runId }: { call: FlowCall; runId: string }) {
  if (call.name === "code_task" && call.status === "running") return <TaskProgress lines={call.progress} />;
  if (call.name === "shell" && call.status === "running") {
    return <LiveShellOutput lines={call.progress} waiting="Running… Its output shows here as it prints." />;
  }
  if (call.result === null) {
    return (
      <p className="detail-note">
        {call.status === "pending"
          ? "Not started yet: calls run one at a time."
          : call.status === "running"
            ? "Running…"
            : "No result."}
      </p>
    );
  }
  if (call.name === "shell" && ShellBackgroundMeta.safeParse(call.metadata).success) {
    return (
      <>
        <ResultText toolName={call.name} result={call.result} />
        <BackgroundOutput runId={runId} callId={call.id} />
      </>
    );
  }
  return <ResultText toolName={call.name} result={call.result} />;
}

function TaskProgress({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) {
    return (
      <p className="detail-note">
        No progress yet. Progress lines stream here while the run view is open; a reload shows none until the
        result lands.
      </p>
    );
  }
  return (
    <>
      {lines.length >= TASK_PROGRESS_KEPT_LINES && (
        <p className="detail-note">The latest {TASK_PROGRESS_KEPT_LINES} progress lines.</p>
      )}
      <ProgressLines lines={lines} label="Progress" follow />
    </>
  );
}

type ResultMode = "formatted" | "raw";

/** A finished call's result: JSON as a tree, other text as Markdown; Raw is the text as returned. */
export function ResultText({ toolName, result }: { toolName: string; result: string }) {
  const [mode, setMode] = useState<ResultMode>("formatted");
  // The detail renders again with every event of the run: a 64 KiB result is parsed once.
  const { body, trailer, json } = useMemo(() => {
    const { body: returned, trailer } = splitTrailer(result);
    const body = toolName === "code_task" ? resultWithoutLogLine(returned) : returned;
    return { body, trailer, json: parseJsonContainer(body) };
  }, [toolName, result]);
  const modes: [ResultMode, string][] = [
    ["formatted", json === null ? "Markdown" : "Tree"],
    ["raw", "Raw"],
  ];
  return (
    <div className="detail-result">
      <ModeToggle label="Result format" modes={modes} selected={mode} onSelect={setMode} />
      {mode === "raw" ? (
        <RawText text={result} />
      ) : (
        <>
          {json !== null ? (
            <JsonTree data={json} label="Result" />
          ) : toolName === "code_task" ? (
            <TaskResultText text={body} />
          ) : (
            <MarkdownText text={resultMarkdown(toolName, body)} />
          )}
          {trailer !== null && <p className="detail-trailer">{trailer}</p>}
        </>
      )}
    </div>
  );
}

/** The status, diffstat and files as plain lines (paths such as __init__.py are not Markdown); the final message as Markdown. */
function TaskResultText({ text }: { text: string }) {
  const { head, message } = splitTaskResult(text);
  return (
    <>
      <pre className="detail-wrapped detail-task-head">{head}</pre>
      {message !== "" && <MarkdownText text={message} />}
    </>
  );
}
