import type { NoteSummaryView, NoteView } from "@guilds/protocol/apiViews";
import type { Note, NoteSummary } from "../store/noteStore.ts";

/* The API's answers about notes, built to the protocol's NoteSummaryView and NoteView. */

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
