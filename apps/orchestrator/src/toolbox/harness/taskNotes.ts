import type { NoteReader } from "../../notes/noteReader.ts";
import { CodeTaskError } from "./codeTaskError.ts";
import type { BriefNote } from "./taskBrief.ts";

/**
 * Reads the notes of a brief with the agent's access, as note_get reads them: a note is its text, a
 * record its JSON view. A collection or a script is refused, and a note that does not load fails the
 * call; either way the error names the note.
 */
export async function loadBriefNotes(
  reader: NoteReader,
  agent: { id: string; guildId: string },
  paths: readonly string[],
): Promise<BriefNote[]> {
  const notes: BriefNote[] = [];
  for (const path of paths) {
    const loaded = await reader.read(agent, path);
    if (loaded.ok) {
      notes.push({ path, text: loaded.text });
      continue;
    }
    const code = loaded.reason === "missing" ? "note.missing" : "note.refused";
    throw new CodeTaskError(
      code,
      `notes cannot include ${JSON.stringify(path)}: ${loaded.message} Fix notes and call code_task again.`,
    );
  }
  return notes;
}
