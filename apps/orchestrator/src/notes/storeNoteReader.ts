import { notePathProblem } from "../store/notePath.ts";
import type { NoteStore } from "../store/noteStore.ts";
import type { LoadedNote, NoteReader } from "./noteReader.ts";

/** How many of a collection's records its refusal names. */
const RECORDS_NAMED = 5;

/**
 * Reads notes from the store with an agent's access: every note of its guild. A note is its text,
 * a record its JSON view (stored that way); a collection or a script is refused, naming it.
 */
export function createStoreNoteReader(notes: Pick<NoteStore, "find" | "list">): NoteReader {
  return {
    async read(agent, displayPath) {
      const problem = notePathProblem(displayPath);
      if (problem !== undefined) {
        return missing(
          displayPath,
          `is not a note path: it ${problem}. A note path is relative, like runbooks/deploy.md`,
        );
      }
      const note = await notes.find(agent.guildId, displayPath);
      if (note === undefined) return missing(displayPath, "is not a note of this guild");
      switch (note.kind) {
        case "note":
        case "record":
          return { ok: true, kind: note.kind, text: note.content ?? "" };
        case "script":
          return {
            ok: false,
            reason: "script",
            message: `${JSON.stringify(displayPath)} is a script, not a note or a record: its source is not appended to a brief. Pass notes and records only.`,
          };
        case "collection":
          return {
            ok: false,
            reason: "collection",
            message: await collectionRefusal(notes, agent.guildId, displayPath),
          };
      }
    },
  };
}

function missing(displayPath: string, what: string): LoadedNote {
  return {
    ok: false,
    reason: "missing",
    message: `${JSON.stringify(displayPath)} ${what}. Check the path: \`guilds note list <guild>\` (or GET /api/guilds/<guild id>/notes) lists the guild's notes.`,
  };
}

async function collectionRefusal(
  notes: Pick<NoteStore, "list">,
  guildId: string,
  displayPath: string,
): Promise<string> {
  const records = (await notes.list(guildId, { prefix: displayPath }))
    .filter((note) => note.path !== displayPath)
    .map((note) => note.path);
  const named =
    records.length === 0
      ? "it holds no records yet"
      : `name its records instead: ${records.slice(0, RECORDS_NAMED).join(", ")}${records.length > RECORDS_NAMED ? `, and ${records.length - RECORDS_NAMED} more` : ""}`;
  return `${JSON.stringify(displayPath)} is a collection, which has no content of its own; ${named}.`;
}
