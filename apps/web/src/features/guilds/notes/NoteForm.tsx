import type { NoteKind, NoteView } from "@guilds/protocol/apiViews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { answer, guildsApi } from "../../../api/apiClient.ts";
import { Button } from "../../../ui/Button.tsx";
import { Field } from "../../../ui/Field.tsx";
import { FormActions } from "../../../ui/FormActions.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { useFormValues } from "../../../ui/useFormValues.ts";
import { buildNoteBody, emptyNoteForm, NOTE_KIND_OPTIONS, noteFormOf } from "./noteForm.ts";
import { noteKeys } from "./noteQueries.ts";

const CONTENT_HINTS: Record<NoteKind, string> = {
  note: "Markdown, at most 1 MiB.",
  record: 'A JSON object, like {"status": "open"}.',
  collection: "",
  script: "The script's source.",
};

/** Creates a note (no `note`) or edits one (its path stays); the server's refusal is shown under it. */
export function NoteForm({
  guildId,
  note,
  onSaved,
  onCancel,
}: {
  guildId: string;
  note?: NoteView;
  onSaved: (saved: NoteView) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useFormValues(() => (note === undefined ? emptyNoteForm() : noteFormOf(note)));
  const save = useMutation({
    mutationFn: ({ path, body }: { path: string; body: { kind: NoteKind; content: string | null } }) =>
      answer(
        guildsApi.PUT("/api/guilds/{guildId}/notes/{notePath}", {
          params: { path: { guildId, notePath: path } },
          body,
        }),
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(noteKeys.note(guildId, saved.path), saved);
      await queryClient.invalidateQueries({ queryKey: noteKeys.notes(guildId), exact: true });
      onSaved(saved);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = buildNoteBody(form.values);
    if (!outcome.ok) {
      form.refuse(event, outcome.errors);
      return;
    }
    save.mutate({ path: outcome.path, body: outcome.body });
  };
  const { values, errors } = form;
  const title = note === undefined ? "New note" : `Edit ${note.path}`;
  return (
    <form className="form note-form" onSubmit={submit} noValidate aria-label={title}>
      <h3 className="form-title">{title}</h3>
      {note === undefined && (
        <TextField
          label="Path"
          hint="Folders by /, like runbooks/deploy.md; a record under a collection: tasks/t-12."
          error={errors.path}
          mono
          value={values.path}
          placeholder="runbooks/deploy.md"
          onChange={(path) => form.change({ path })}
        />
      )}
      <SelectField
        label="Kind"
        value={values.kind}
        options={NOTE_KIND_OPTIONS}
        onChange={(kind) => form.change({ kind })}
      />
      {values.kind !== "collection" && (
        <Field label="Content" hint={CONTENT_HINTS[values.kind]} error={errors.content}>
          {(control) => (
            <textarea
              {...control}
              className={
                values.kind === "note" ? "input note-content-input" : "input textarea-code input-mono"
              }
              rows={10}
              value={values.content}
              onChange={(event) => form.change({ content: event.target.value })}
            />
          )}
        </Field>
      )}
      <FormActions
        submitLabel={note === undefined ? "Create note" : "Save note"}
        busy={save.isPending}
        error={save.error}
        errorTitle="Couldn't save the note"
      >
        <Button onClick={onCancel}>Cancel</Button>
      </FormActions>
    </form>
  );
}
