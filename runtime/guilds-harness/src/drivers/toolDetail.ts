import { isJsonObject } from "./json.ts";

/**
 * What a progress line shows of a tool's input, by the first kind of field it has. Field names differ
 * between CLIs (file_path, path, AbsolutePath, globPattern ...), so they are compared without case,
 * "_" or "-". A pattern comes before a path: Grep and Glob carry both, and the pattern says more.
 */
const DETAIL_FIELDS: readonly (readonly string[])[] = [
  ["command", "cmd", "commandline"],
  ["pattern", "globpattern", "regex"],
  ["filepath", "path", "absolutepath", "targetfile", "notebookpath", "dirpath", "directorypath", "file"],
  ["url", "uri"],
  ["description"],
  ["query", "searchquery"],
  ["prompt"],
];

export function toolDetail(input: unknown): string | null {
  if (!isJsonObject(input)) return null;
  const byName = new Map<string, string>();
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === "string" && value.trim() !== "") byName.set(normalise(key), value);
  }
  for (const names of DETAIL_FIELDS) {
    for (const name of names) {
      const value = byName.get(name);
      if (value !== undefined) return value;
    }
  }
  return null;
}

function normalise(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, "");
}
