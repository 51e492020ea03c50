import { GuildsError } from "@guilds/protocol/guildsError";
import type { NoteKind } from "../notes/noteReader.ts";

/**
 * A note's content, as stored, is at most 1 MiB of UTF-8. The API's request body limit is 1 MiB
 * too, JSON escaping included, so the largest notes are set with the CLI.
 */
export const NOTE_CONTENT_MAX_BYTES = 1024 * 1024;

/**
 * The content as stored: a note's Markdown or a script's source as given, a record's JSON view
 * (the object, indented by two spaces: what a reader gets), nothing for a collection.
 */
export function storedNoteContent(
  path: string,
  kind: NoteKind,
  content: string | null | undefined,
): string | null {
  if (kind === "collection") {
    if (content === undefined || content === null) return null;
    throw new GuildsError(
      "note.content_invalid",
      `${JSON.stringify(path)} is a collection, which has no content: its records are the notes under it (${path}/<name>). Send no content.`,
    );
  }
  if (content === undefined || content === null) {
    throw new GuildsError(
      "note.content_missing",
      `A ${kind} needs content; ${JSON.stringify(path)} got none.${kind === "record" ? " A record's content is a JSON object." : ""}`,
    );
  }
  const stored = kind === "record" ? recordJsonView(path, content) : checkText(path, kind, content);
  const bytes = Buffer.byteLength(stored, "utf8");
  if (bytes > NOTE_CONTENT_MAX_BYTES) {
    throw new GuildsError(
      "note.too_large",
      `The content of ${JSON.stringify(path)} is ${bytes} bytes${kind === "record" ? " as its JSON view" : ""}; a ${kind} holds at most ${NOTE_CONTENT_MAX_BYTES} bytes (1 MiB, also the API's request body limit). Split it into several notes.`,
    );
  }
  return stored;
}

/** The JSON view of a record: the one form records are stored and read in. */
export function recordView(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

function recordJsonView(path: string, content: string): string {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (caught) {
    throw recordInvalid(
      path,
      `is not valid JSON (${caught instanceof Error ? caught.message : String(caught)})`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const what = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    throw recordInvalid(path, `is ${what}`);
  }
  return recordView(value as Record<string, unknown>);
}

function recordInvalid(path: string, problem: string): GuildsError {
  return new GuildsError(
    "note.record_invalid",
    `The record ${JSON.stringify(path)} ${problem}; a record's content is one JSON object, like {"title": "Deploy", "done": false}.`,
  );
}

/** PostgreSQL's text cannot hold a NUL, so no note holds one on either database. */
function checkText(path: string, kind: NoteKind, content: string): string {
  if (!content.includes("\u0000")) return content;
  throw new GuildsError(
    "note.content_invalid",
    `The ${kind} ${JSON.stringify(path)} contains a NUL character; a ${kind} is text. Remove it, or keep binary data elsewhere.`,
  );
}
