// Step 4: the brief the harness reads, and the notes appended to it.
import { GuildsError } from "@guilds/protocol/guildsError";
import { TASK_NOTES_MAX_BYTES } from "@guilds/protocol/harnessLimits";
import type { NoteReader } from "../../notes/noteReader.ts";

/**
 * What the harness reads before the task (step 4): it works alone, asks by stopping, may commit but
 * never pushes, and reports what it did.
 */
export const BRIEF_PREAMBLE = `You are working alone on a task another agent handed you. Read this first:
- You cannot reach the operator, nor the agent that wrote this task: nobody answers while you work.
- When you are blocked, or the task needs a decision that is not yours to make, stop and ask your question in your final message.
- You may commit on the current branch. Never push, and never open a pull request.
- End with a final message that says what you changed and what you ran (commands, tests) and how it went.`;

/** A note as it is appended: its display path and its text (a record's JSON view). */
export interface BriefNote {
  path: string;
  text: string;
}

/**
 * The whole brief: the preamble, the task under "# Task", then each note under "# <display path>".
 * Notes take at most TASK_NOTES_MAX_BYTES together, in the order given: the note that would pass the
 * cap, and every note after it, is named on a closing line instead of included.
 */
export function composeBrief(task: string, notes: readonly BriefNote[]): string {
  const parts = [BRIEF_PREAMBLE, `# Task\n\n${task.trim()}`];
  const left: string[] = [];
  let used = 0;
  for (const note of notes) {
    const bytes = Buffer.byteLength(note.text, "utf8");
    if (left.length > 0 || used + bytes > TASK_NOTES_MAX_BYTES) {
      left.push(note.path);
      continue;
    }
    used += bytes;
    parts.push(`# ${note.path}\n\n${note.text.trimEnd()}`);
  }
  if (left.length > 0) parts.push(notesLeftOut(left));
  return `${parts.join("\n\n")}\n`;
}

function notesLeftOut(paths: readonly string[]): string {
  const which = paths.length === 1 ? "This note was" : "These notes were";
  return `${which} not included, past the ${TASK_NOTES_MAX_BYTES / 1024} KiB cap on notes: ${paths.join(", ")}`;
}

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
    throw new GuildsError(
      code,
      `notes cannot include ${JSON.stringify(path)}: ${loaded.message} Fix notes and call code_task again.`,
    );
  }
  return notes;
}
