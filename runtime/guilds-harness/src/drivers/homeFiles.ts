import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isJsonObject, type JsonObject } from "./json.ts";

/** A home file by its display name: homeFile(home, "~/.claude.json"). */
export function homeFile(home: string, display: string): string {
  return path.join(home, display.replace(/^~\//, ""));
}

/** How a credential source names a file: "~/..." inside the home, else its absolute path. */
export function displayHomePath(home: string, absolute: string): string {
  const relative = path.relative(home, absolute);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)
    ? `~/${relative}`
    : absolute;
}

/** A JSON object file, or null when missing, unreadable or not an object. */
export function readJsonObject(file: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, "utf8"));
    return isJsonObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** A regular file with content. */
export function isNonEmptyFile(file: string): boolean {
  try {
    const stats = statSync(file);
    return stats.isFile() && stats.size > 0;
  } catch {
    return false;
  }
}
