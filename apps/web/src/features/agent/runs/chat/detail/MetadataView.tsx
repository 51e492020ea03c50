import type { MetadataRow } from "../toolMetadataRows.ts";
import "./detail.css";

/** The call's record as label and value pairs; the harness log's path opens the Log view. */
export function MetadataView({ rows, onOpenLog }: { rows: readonly MetadataRow[]; onOpenLog: () => void }) {
  if (rows.length === 0) return <p className="detail-note">No metadata yet.</p>;
  return (
    <dl className="detail-metadata">
      {rows.map((row) => (
        <div key={`${row.label}:${row.value}`} className="detail-metadata-row">
          <dt>{row.label}</dt>
          <dd>
            <MetadataValue row={row} onOpenLog={onOpenLog} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MetadataValue({ row, onOpenLog }: { row: MetadataRow; onOpenLog: () => void }) {
  switch (row.kind) {
    case "harness-log":
      return (
        <button type="button" className="detail-link" onClick={onOpenLog} title="Open the Log view">
          <code>{row.value}</code>
        </button>
      );
    case "log":
    case "code":
      return <code className="detail-code">{row.value}</code>;
    default:
      return <>{row.value}</>;
  }
}
