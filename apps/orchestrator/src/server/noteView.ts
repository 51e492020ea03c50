import { z } from "zod";
import { NOTE_KINDS } from "../notes/noteReader.ts";
import type { Note, NoteSummary } from "../store/noteStore.ts";

/* The API's answers about notes: schemas for the OpenAPI document, and the views built to them. */

const timestamp = z.string().describe("ISO 8601, UTC.");

export const NoteSummaryView = z.strictObject({
  id: z.string(),
  guild_id: z.string(),
  path: z.string().describe("The display path, unique in the guild: runbooks/deploy.md, tasks/t-12."),
  kind: z.enum(NOTE_KINDS),
  size: z.int().describe("Bytes of UTF-8 content (a record's JSON view); 0 for a collection."),
  created_at: timestamp,
  updated_at: timestamp,
});

export const NoteView = NoteSummaryView.extend({
  content: z
    .string()
    .nullable()
    .describe("Markdown, a record's JSON view, a script's source; null for a collection."),
});

export const NoteList = z.strictObject({ notes: z.array(NoteSummaryView) });
export const NoteDeletionView = z.strictObject({ deleted: z.string().describe("The note's path.") });

export type NoteSummaryView = z.output<typeof NoteSummaryView>;
export type NoteView = z.output<typeof NoteView>;

export function noteSummaryView(note: NoteSummary): NoteSummaryView {
  return {
    id: note.id,
    guild_id: note.guildId,
    path: note.path,
    kind: note.kind,
    size: note.size,
    created_at: note.createdAt,
    updated_at: note.updatedAt,
  };
}

export function noteView(note: Note): NoteView {
  return { ...noteSummaryView(note), content: note.content };
}
