import type { NoteSummaryView, NoteView } from "@guilds/protocol/apiViews";
import { lazy, Suspense } from "react";

/** react-markdown and its parsers are a chunk of their own: fetched when a note is opened, not with every page. */
const NoteMarkdown = lazy(async () => ({ default: (await import("./NoteMarkdown.tsx")).NoteMarkdown }));

/** A note's content as its kind reads: Markdown rendered, a record's JSON and a script as code. */
export function NoteContent({
  note,
  records,
  onOpen,
}: {
  note: NoteView;
  /** For a collection: the notes under its path. */
  records: readonly NoteSummaryView[];
  onOpen: (path: string) => void;
}) {
  switch (note.kind) {
    case "note":
      return (
        <Suspense fallback={<pre className="note-code">{note.content ?? ""}</pre>}>
          <NoteMarkdown text={note.content ?? ""} />
        </Suspense>
      );
    case "record":
      return <pre className="note-code">{prettyJson(note.content ?? "")}</pre>;
    case "script":
      return <pre className="note-code">{note.content ?? ""}</pre>;
    case "collection":
      return records.length === 0 ? (
        <p className="note-empty">No records under {note.path}/ yet.</p>
      ) : (
        <ul className="note-records" aria-label={`Records in ${note.path}`}>
          {records.map((record) => (
            <li key={record.path}>
              <button type="button" className="note-link" onClick={() => onOpen(record.path)}>
                {record.path}
              </button>
            </li>
          ))}
        </ul>
      );
  }
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
