import type { NoteKind, NoteView } from "@guilds/protocol/apiViews";
import type { FormErrors } from "../../../ui/useFormValues.ts";

export interface NoteFormValues {
  path: string;
  kind: NoteKind;
  content: string;
}

export const NOTE_KIND_OPTIONS: { value: NoteKind; label: string }[] = [
  { value: "note", label: "Note (Markdown)" },
  { value: "record", label: "Record (a JSON object)" },
  { value: "collection", label: "Collection (holds the records under its path)" },
  { value: "script", label: "Script" },
];

export function emptyNoteForm(): NoteFormValues {
  return { path: "", kind: "note", content: "" };
}

/** A stored note as the form edits it: a record's JSON laid out on several lines. */
export function noteFormOf(note: NoteView): NoteFormValues {
  return { path: note.path, kind: note.kind, content: editableContent(note) };
}

function editableContent(note: NoteView): string {
  if (note.content === null) return "";
  if (note.kind !== "record") return note.content;
  try {
    return JSON.stringify(JSON.parse(note.content), null, 2);
  } catch {
    return note.content;
  }
}

/** The PUT body, or what to fix first. The server checks the path's characters and a record's JSON. */
export function buildNoteBody(
  values: NoteFormValues,
):
  | { ok: true; path: string; body: { kind: NoteKind; content: string | null } }
  | { ok: false; errors: FormErrors<NoteFormValues> } {
  if (values.path === "") {
    return { ok: false, errors: { path: "Give the note a path, like runbooks/deploy.md or tasks/t-12." } };
  }
  return {
    ok: true,
    path: values.path,
    body: { kind: values.kind, content: values.kind === "collection" ? null : values.content },
  };
}
