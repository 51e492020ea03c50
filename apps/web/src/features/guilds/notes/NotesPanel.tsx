import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../ui/Button.tsx";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { Panel } from "../../../ui/Panel.tsx";
import { NoteForm } from "./NoteForm.tsx";
import { notesQuery } from "./noteQueries.ts";
import { OpenNote } from "./OpenNote.tsx";
import "./notes.css";

/** What the panel shows beside the list: nothing, the new-note form, or one note (read or edited). */
type PanelView = { kind: "none" } | { kind: "new" } | { kind: "open"; path: string; editing: boolean };

/**
 * The guild's notes and records (what code_task's `notes` appends to a brief): the list by path,
 * one open at a time, read, edited, deleted; a new one by path and kind.
 */
export function NotesPanel({ guildId }: { guildId: string }) {
  const notes = useQuery(notesQuery(guildId));
  const [view, setView] = useState<PanelView>({ kind: "none" });
  const open = (path: string) => setView({ kind: "open", path, editing: false });
  return (
    <Panel
      title="Notes"
      description="Runbooks in Markdown, records (JSON objects) in collections, scripts: what a code task's brief can include."
      actions={
        view.kind === "new" ? undefined : <Button onClick={() => setView({ kind: "new" })}>New note</Button>
      }
    >
      {notes.isPending ? (
        <Loading label="Loading notes…" />
      ) : notes.isError ? (
        <ErrorNotice error={notes.error} title="Couldn't load the notes" />
      ) : notes.data.length === 0 ? (
        <EmptyState>No notes yet: add a runbook or a record with New note.</EmptyState>
      ) : (
        <ul className="row-list note-list" aria-label="Notes">
          {notes.data.map((note) => (
            <li key={note.path} className="note-row">
              <button
                type="button"
                className="note-link"
                aria-current={view.kind === "open" && view.path === note.path ? "true" : undefined}
                onClick={() => open(note.path)}
              >
                {note.path}
              </button>
              <span className="tag">{note.kind}</span>
              <span className="note-size">{note.kind === "collection" ? "" : `${note.size} B`}</span>
            </li>
          ))}
        </ul>
      )}
      {view.kind === "new" && (
        <NoteForm
          guildId={guildId}
          onSaved={(saved) => open(saved.path)}
          onCancel={() => setView({ kind: "none" })}
        />
      )}
      {view.kind === "open" && (
        <OpenNote
          key={view.path}
          guildId={guildId}
          path={view.path}
          notes={notes.data ?? []}
          editing={view.editing}
          onEdit={(editing) => setView({ kind: "open", path: view.path, editing })}
          onOpen={open}
          onClose={() => setView({ kind: "none" })}
        />
      )}
    </Panel>
  );
}
