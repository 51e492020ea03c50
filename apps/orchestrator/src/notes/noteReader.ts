import { NoteKind } from "@guilds/protocol/apiViews";

/** What a guild keeps besides repositories (the API's note kinds): notes, records, collections, scripts. */
export const NOTE_KINDS = NoteKind.options;
export type { NoteKind };

/** A note as code_task appends it to a brief: a note's text, or a record's JSON view. */
export type LoadedNote =
  | { ok: true; kind: "note" | "record"; text: string }
  | { ok: false; reason: "missing" | "collection" | "script"; message: string };

/** Reads notes with an agent's access (as note_get reads them): every note of its guild. */
export interface NoteReader {
  read(agent: { id: string; guildId: string }, displayPath: string): Promise<LoadedNote>;
}
