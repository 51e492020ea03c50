import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { isJsonObject, type JsonObject } from "./json.ts";

/**
 * Removing a harness's local configuration touches only paths under a root (the home or the repo),
 * never through a link: a folder on the way that is a link skips the path, and a link at the path is
 * removed itself, so a link pointing out of the root never gets its target removed or rewritten.
 */

/** Removes root/relative: a file, a folder with everything in it, or a link (not its target). */
export function removeInside(root: string, relative: string): void {
  const target = resolveInside(root, relative);
  if (target === null || lstatOrNull(target) === null) return;
  rmSync(target, { recursive: true, force: true });
}

/** The names in the folder root/relative; none when it is missing, not a folder, or a link. */
export function namesInside(root: string, relative: string): string[] {
  const folder = resolveInside(root, relative);
  if (folder === null || !lstatOrNull(folder)?.isDirectory()) return [];
  return readdirSync(folder);
}

/**
 * Rewrites the JSON object file root/relative with change, keeping its mode; a link there is removed
 * instead. A file that is not a JSON object is left alone: the CLI would not read it either.
 */
export function rewriteJsonInside(
  root: string,
  relative: string,
  change: (data: JsonObject) => JsonObject,
): void {
  const target = resolveInside(root, relative);
  if (target === null) return;
  const stats = lstatOrNull(target);
  if (stats === null) return;
  if (stats.isSymbolicLink()) {
    rmSync(target, { force: true });
    return;
  }
  if (!stats.isFile()) return;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(target, "utf8"));
  } catch {
    return;
  }
  if (!isJsonObject(data)) return;
  const changed = change(data);
  if (JSON.stringify(changed) === JSON.stringify(data)) return;
  const temporary = `${target}.guilds-rewrite`;
  writeFileSync(temporary, `${JSON.stringify(changed, null, 2)}\n`, { mode: stats.mode & 0o777 });
  renameSync(temporary, target);
}

/** Writes root/relative (mode 0600), creating its folders; a link there is replaced, a link on the way skips it. */
export function writeInside(root: string, relative: string, text: string): boolean {
  const base = path.resolve(root);
  const target = path.resolve(base, relative);
  const rest = path.relative(base, target);
  if (rest === "" || rest.startsWith("..") || path.isAbsolute(rest)) return false;
  let current = base;
  for (const folder of rest.split(path.sep).slice(0, -1)) {
    current = path.join(current, folder);
    const stats = lstatOrNull(current);
    if (stats === null) mkdirSync(current, { mode: 0o700 });
    else if (!stats.isDirectory()) return false;
  }
  if (lstatOrNull(target)?.isSymbolicLink()) rmSync(target, { force: true });
  const temporary = `${target}.guilds-write`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, target);
  return true;
}

/** The object without keys. */
export function withoutKeys(data: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key)));
}

/** root/relative when it stays under root and no folder between them is a link; else null. */
function resolveInside(root: string, relative: string): string | null {
  const base = path.resolve(root);
  const target = path.resolve(base, relative);
  const rest = path.relative(base, target);
  if (rest === "" || rest.startsWith("..") || path.isAbsolute(rest)) return null;
  const folders = rest.split(path.sep).slice(0, -1);
  let current = base;
  for (const folder of folders) {
    current = path.join(current, folder);
    const stats = lstatOrNull(current);
    if (stats === null || !stats.isDirectory()) return null;
  }
  return target;
}

function lstatOrNull(target: string): Stats | null {
  try {
    return lstatSync(target);
  } catch {
    return null;
  }
}
