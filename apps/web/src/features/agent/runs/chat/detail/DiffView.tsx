import { useId, useMemo, useState } from "react";
import { Decoration, Diff, Hunk, type HunkData } from "react-diff-view";
import "react-diff-view/style/index.css";
import type { TaskDiff as TaskDiffAnswer } from "@guilds/client/apiTypes";
import { ArtifactFailure } from "./ArtifactFailure.tsx";
import { RawText } from "./RawText.tsx";
import { initiallyOpenFiles, parseTaskDiff, type TaskDiff, type TaskDiffFile } from "./taskDiffFiles.ts";
import { useTaskDiff } from "./useTaskArtifacts.ts";
import "./detail.css";

/** Diff lines drawn at first; files past the budget open on demand. */
const OPEN_LINES_BUDGET = 4000;

/** The change of this one turn: start checkpoint to end checkpoint (Code tasks, Diff). */
export function DiffView(props: { runId: string; callId: string; endSha: string | null; running: boolean }) {
  const { runId, callId, endSha, running } = props;
  const { query, outdated } = useTaskDiff(runId, callId, endSha);
  if (endSha === null) {
    return (
      <p className="detail-note">
        {running
          ? "No end checkpoint yet: the diff shows once the task ends."
          : "No end checkpoint: the task ended without one, so it has no diff."}
      </p>
    );
  }
  if (query.isError) {
    return (
      <ArtifactFailure
        title="Couldn't load the diff"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data === undefined || outdated) {
    return (
      <p className="detail-note" role="status">
        Loading the diff from the agent's machine…
      </p>
    );
  }
  return <TaskDiffContent view={query.data} />;
}

export function TaskDiffContent({ view }: { view: TaskDiffAnswer }) {
  const parsed = useMemo((): TaskDiff | null => {
    try {
      return parseTaskDiff(view.diff);
    } catch {
      return null;
    }
  }, [view.diff]);
  const checkpoints = `${view.start_sha.slice(0, 7)} → ${view.end_sha.slice(0, 7)}`;
  if (parsed === null) {
    return (
      <div className="detail-diff">
        <p className="detail-note">This diff could not be parsed; here it is as text ({checkpoints}).</p>
        <RawText text={view.diff} />
      </div>
    );
  }
  if (parsed.files.length === 0) {
    return <p className="detail-note">No changes between the start and end checkpoints ({checkpoints}).</p>;
  }
  return <DiffFiles key={view.end_sha} diff={parsed} checkpoints={checkpoints} truncated={view.truncated} />;
}

function DiffFiles({
  diff,
  checkpoints,
  truncated,
}: {
  diff: TaskDiff;
  checkpoints: string;
  truncated: boolean;
}) {
  const idPrefix = useId();
  const [open, setOpen] = useState(() => initiallyOpenFiles(diff.files, OPEN_LINES_BUDGET));
  const toggle = (key: string, value: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (value) next.add(key);
      else next.delete(key);
      return next;
    });
  const sectionId = (file: TaskDiffFile) => `${idPrefix}-${file.key}`;
  const jumpTo = (file: TaskDiffFile) => {
    toggle(file.key, true);
    document.getElementById(sectionId(file))?.scrollIntoView({ block: "start" });
  };
  return (
    <div className="detail-diff">
      <p className="detail-diff-summary">
        {/* The wording of the result's diffstat line, "1 files changed" included. */}
        {`${diff.files.length} files changed`}, <span className="detail-insertions">+{diff.insertions}</span>{" "}
        <span className="detail-deletions">−{diff.deletions}</span>
        <span className="detail-diff-checkpoints"> · {checkpoints}</span>
      </p>
      {truncated && (
        <p className="detail-note detail-warning">
          This diff is truncated: the app reads only its start, so later files are missing and the last one
          may end early.
        </p>
      )}
      <ul className="detail-diff-files" aria-label="Changed files">
        {diff.files.map((file) => (
          <li key={file.key}>
            <button type="button" className="detail-link" onClick={() => jumpTo(file)}>
              {fileName(file)}
            </button>{" "}
            <FileCounts file={file} />
          </li>
        ))}
      </ul>
      {diff.files.map((file) => (
        <section key={file.key} id={sectionId(file)} className="detail-diff-file" aria-label={file.path}>
          <header className="detail-diff-file-header">
            <span className={`detail-diff-change detail-diff-change-${file.change}`}>{file.change}</span>
            <code className="detail-diff-path">{fileName(file)}</code>
            <FileCounts file={file} />
            {file.data.hunks.length > 0 && !file.binary && (
              <button
                type="button"
                className="detail-diff-toggle"
                aria-expanded={open.has(file.key)}
                onClick={() => toggle(file.key, !open.has(file.key))}
              >
                {open.has(file.key) ? "Hide" : "Show"}
              </button>
            )}
          </header>
          <FileBody file={file} open={open.has(file.key)} />
        </section>
      ))}
    </div>
  );
}

function fileName(file: TaskDiffFile): string {
  return file.previousPath === null ? file.path : `${file.previousPath} → ${file.path}`;
}

function FileCounts({ file }: { file: TaskDiffFile }) {
  if (file.binary) return <span className="detail-diff-counts">binary</span>;
  return (
    <span className="detail-diff-counts">
      <span className="detail-insertions">+{file.insertions}</span>{" "}
      <span className="detail-deletions">−{file.deletions}</span>
    </span>
  );
}

function FileBody({ file, open }: { file: TaskDiffFile; open: boolean }) {
  if (file.binary) return <p className="detail-note">Binary file: not shown.</p>;
  if (file.data.hunks.length === 0) return <p className="detail-note">No content changes.</p>;
  if (!open) return <p className="detail-note">{file.lines.toLocaleString("en-US")} lines hidden.</p>;
  return (
    <Diff viewType="unified" diffType={file.data.type} hunks={file.data.hunks} gutterType="default">
      {renderHunks}
    </Diff>
  );
}

/** Each hunk under its @@ header line. */
function renderHunks(hunks: HunkData[]) {
  return hunks.flatMap((hunk) => [
    <Decoration key={`header ${hunk.content}`}>
      <span className="detail-diff-hunk-header">{hunk.content}</span>
    </Decoration>,
    <Hunk key={`hunk ${hunk.content}`} hunk={hunk} />,
  ]);
}
