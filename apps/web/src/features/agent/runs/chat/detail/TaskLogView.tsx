import type { HarnessLog as HarnessLogAnswer } from "@guilds/client/apiTypes";
import { useMemo, useState } from "react";
import { ArtifactFailure } from "./ArtifactFailure.tsx";
import { formatCount, logTotals, rawCutNote, rawLogLines, stepsCutNote } from "./harnessLogText.ts";
import { JsonTree } from "./JsonTree.tsx";
import { ModeToggle } from "./ModeToggle.tsx";
import { ProgressLines } from "./ProgressLines.tsx";
import { useTaskLog } from "./useTaskArtifacts.ts";
import "./detail.css";

/** Raw events drawn at first, and added per "Show more": a 256 KiB log holds thousands. */
const EVENTS_PAGE = 100;

/** The kept harness log, read from the agent's machine when this view opens (Code tasks, Log). */
export function TaskLogView(props: {
  runId: string;
  callId: string;
  logPath: string | null;
  running: boolean;
}) {
  const { runId, callId, logPath, running } = props;
  const query = useTaskLog(runId, callId, logPath);
  if (logPath === null) {
    return (
      <p className="detail-note">
        {running
          ? "No harness log yet: the log opens here once the task's result names it."
          : "This task's result names no harness log."}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ArtifactFailure
        title="Couldn't load the harness log"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data === undefined) {
    return (
      <p className="detail-note" role="status">
        Loading the log from the agent's machine…
      </p>
    );
  }
  return <HarnessLog log={query.data} logPath={logPath} />;
}

type LogMode = "steps" | "json";
const LOG_MODES: [LogMode, string][] = [
  ["steps", "Steps"],
  ["json", "JSON"],
];

export function HarnessLog({ log, logPath }: { log: HarnessLogAnswer; logPath: string }) {
  const [mode, setMode] = useState<LogMode>("steps");
  return (
    <div className="detail-log">
      <div className="detail-log-bar">
        <ModeToggle label="Log format" modes={LOG_MODES} selected={mode} onSelect={setMode} />
        <span className="detail-log-totals">
          <code>{logPath}</code> · {logTotals(log)}
        </span>
      </div>
      {mode === "steps" ? <LogSteps log={log} /> : <LogEvents log={log} />}
    </div>
  );
}

export function LogSteps({ log }: { log: HarnessLogAnswer }) {
  const note = stepsCutNote(log);
  if (log.lines.length === 0) return <p className="detail-note">The log holds no steps.</p>;
  return (
    <>
      {note !== null && <p className="detail-note detail-warning">{note}</p>}
      <ProgressLines lines={log.lines} label="Steps" follow={false} />
    </>
  );
}

export function LogEvents({ log }: { log: HarnessLogAnswer }) {
  const lines = useMemo(() => rawLogLines(log.raw), [log.raw]);
  const [shown, setShown] = useState(EVENTS_PAGE);
  const note = rawCutNote(log);
  if (lines.length === 0) return <p className="detail-note">The log holds no events.</p>;
  return (
    <>
      {note !== null && <p className="detail-note detail-warning">{note}</p>}
      <ol className="detail-log-events" aria-label="Events">
        {lines.slice(0, shown).map((line) => (
          <li key={line.number} className="detail-log-event" value={line.number}>
            {line.json !== null ? (
              <JsonTree data={line.json} label={`Event ${line.number}`} expandLevels={1} />
            ) : (
              <pre className="detail-wrapped">{line.text}</pre>
            )}
          </li>
        ))}
      </ol>
      {shown < lines.length && (
        <button type="button" className="detail-more" onClick={() => setShown(shown + EVENTS_PAGE)}>
          Show {Math.min(EVENTS_PAGE, lines.length - shown)} more ({formatCount(lines.length - shown)} not
          shown)
        </button>
      )}
    </>
  );
}
