import type { NoteSummaryView } from "@guilds/protocol/apiViews";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { Button } from "../../../ui/Button.tsx";
import { ConfirmButton } from "../../../ui/ConfirmButton.tsx";
import { ErrorNotice } from "../../../ui/ErrorNotice.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { Timestamp } from "../../../ui/Timestamp.tsx";
import { NoteContent } from "./NoteContent.tsx";
import { NoteForm } from "./NoteForm.tsx";
import { noteKeys, noteQuery } from "./noteQueries.ts";

/** The note open on the guild page: read, edited in place, or deleted after a confirmation. */
export function OpenNote({
  guildId,
  path,
  notes,
  editing,
  onEdit,
  onOpen,
  onClose,
}: {
  guildId: string;
  path: string;
  notes: readonly NoteSummaryView[];
  editing: boolean;
  onEdit: (editing: boolean) => void;
  onOpen: (path: string) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const note = useQuery(noteQuery(guildId, path));
  const remove = useMutation({
    mutationFn: () =>
      answer(
        guildsApi.DELETE("/api/guilds/{guildId}/notes/{notePath}", {
          params: { path: { guildId, notePath: path } },
        }),
      ),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: noteKeys.note(guildId, path), exact: true });
      await queryClient.invalidateQueries({ queryKey: noteKeys.notes(guildId), exact: true });
      onClose();
    },
  });

  if (note.isPending) return <Loading label={`Loading ${path}…`} />;
  if (note.isError) return <ErrorNotice error={note.error} title={`Couldn't load ${path}`} />;
  if (editing) {
    return (
      <NoteForm
        key={note.data.updated_at}
        guildId={guildId}
        note={note.data}
        onSaved={() => onEdit(false)}
        onCancel={() => onEdit(false)}
      />
    );
  }
  const records = notes.filter((candidate) => candidate.path.startsWith(`${path}/`));
  return (
    <article className="note-open" aria-label={`Note ${path}`}>
      <header className="note-open-header">
        <div className="note-open-title">
          <code className="note-path">{path}</code>
          <span className="tag">{note.data.kind}</span>
          <Timestamp iso={note.data.updated_at} prefix="updated" />
        </div>
        <div className="note-open-actions">
          <Button variant="quiet" onClick={() => onEdit(true)}>
            Edit
          </Button>
          <ConfirmButton
            label="Delete"
            accessibleLabel={`Delete the note ${path}`}
            question={`Delete ${path}?`}
            confirmLabel="Delete note"
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
          <Button variant="quiet" onClick={onClose}>
            Close
          </Button>
        </div>
      </header>
      <ErrorNotice error={remove.error} title="Couldn't delete the note" />
      <NoteContent note={note.data} records={records} onOpen={onOpen} />
    </article>
  );
}
