import { GuildsError } from "@guilds/protocol/guildsError";

/** A note's display path ("runbooks/deploy.md", "tasks/t-12") is at most this many characters. */
export const NOTE_PATH_MAX_LENGTH = 300;

const SEGMENT_PATTERN = /^[A-Za-z0-9._ -]+$/;

/**
 * A display path: relative, "/"-separated segments of letters, digits, ".", "_", "-" and spaces;
 * no empty segment, no "." or "..", no space at either end of a segment. The same path always
 * names the same note: nothing is normalised, so what is stored is what is typed.
 */
export function checkNotePath(path: string): string {
  const problem = notePathProblem(path);
  if (problem === undefined) return path;
  throw new GuildsError(
    "note.path_invalid",
    `The note path ${JSON.stringify(path)} ${problem}. A note path is relative, like runbooks/deploy.md or tasks/t-12: segments of letters, digits, ".", "_", "-" and spaces, joined by "/", at most ${NOTE_PATH_MAX_LENGTH} characters.`,
  );
}

/** What is wrong with `path` as a note path, or undefined when nothing is. */
export function notePathProblem(path: string): string | undefined {
  if (path.length === 0) return "is empty";
  if (path.length > NOTE_PATH_MAX_LENGTH) return `is ${path.length} characters long`;
  if (path.startsWith("/")) return 'starts with "/"; drop it';
  if (path.endsWith("/")) return 'ends with "/"; drop it';
  for (const segment of path.split("/")) {
    if (segment === "") return 'has an empty segment ("//")';
    if (segment === "." || segment === "..") return `has a "${segment}" segment`;
    if (!SEGMENT_PATTERN.test(segment))
      return `has a character other than those allowed in ${JSON.stringify(segment)}`;
    if (segment.trim() !== segment) return `has a space at the start or end of ${JSON.stringify(segment)}`;
  }
  return undefined;
}

/** The paths under `path` start with this: a collection's records, a folder's notes. */
export function notePathPrefix(path: string): string {
  return `${path}/`;
}
