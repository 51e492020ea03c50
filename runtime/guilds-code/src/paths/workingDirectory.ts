import { statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readSmallFile } from "@guilds/runtime/smallFileRead";
import type { OpContext } from "../context.ts";

/** .runs/<run id>/cwd: the run's working directory, carried from one call to the next. */
export function cwdFile(context: OpContext): string {
  return path.join(context.runDir, "cwd");
}

function isDirectory(candidate: string): boolean {
  try {
    return statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The run's working directory: the one recorded by the last shell call, else the request's default
 * (repos/<name> when the guild has exactly one repository), else the home.
 */
export function readCwd(context: OpContext): string {
  try {
    const recorded = readSmallFile(cwdFile(context)).trim();
    if (recorded && isDirectory(recorded)) return recorded;
  } catch {
    // no call has recorded one yet
  }
  const fallback = path.resolve(context.home, context.request.cwd);
  return isDirectory(fallback) ? fallback : context.home;
}

export function writeCwd(context: OpContext, directory: string): void {
  const content = `${directory}\n`;
  // Most calls end where they started. ext4 flushes a file truncated and rewritten as it is closed
  // (auto_da_alloc), ~1 ms a call: the same bytes are not written again.
  if (recorded(context) === content) return;
  writeFileSync(cwdFile(context), content);
}

function recorded(context: OpContext): string | undefined {
  try {
    return readSmallFile(cwdFile(context));
  } catch {
    return undefined;
  }
}
