import { type Stats, statSync } from "node:fs";
import type { OpContext } from "../context.ts";
import { displayPath, outsideHomeMessage, realPathInsideHome, resolveAgentPath } from "./homePath.ts";
import { readCwd } from "./workingDirectory.ts";

/** A path argument resolved for file_read or code_search, or the text refusing it. */
export type AgentTarget =
  | {
      ok: true;
      /** The run's working directory, which every displayed path is relative to. */
      cwd: string;
      /** As the agent named it, resolved but links kept: what results display. */
      absolute: string;
      /** Links followed: what is opened or searched. */
      realPath: string;
      display: string;
      stats: Stats;
    }
  | { ok: false; text: string; display: string };

/**
 * Resolves a path argument (default: the working directory) against the run's working directory
 * and refuses, with a text the agent reads, a path that does not exist or leaves the home.
 */
export function resolveAgentTarget(input: string | undefined, context: OpContext): AgentTarget {
  const cwd = readCwd(context);
  const absolute = input === undefined ? cwd : resolveAgentPath(input, context.home, cwd);
  const display = displayPath(absolute, cwd);
  const inside = realPathInsideHome(absolute, context.home);
  if (!inside.ok) {
    const text =
      inside.reason === "outside"
        ? outsideHomeMessage(input ?? display, context.home)
        : `${display} does not exist`;
    return { ok: false, text, display };
  }
  let stats: Stats;
  try {
    stats = statSync(inside.realPath);
  } catch (caught) {
    return { ok: false, text: unreadableMessage(display, caught), display };
  }
  return { ok: true, cwd, absolute, realPath: inside.realPath, display, stats };
}

export function unreadableMessage(display: string, caught: unknown): string {
  const code = (caught as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return `${display} does not exist`;
  if (code === "EACCES" || code === "EPERM") return `${display} cannot be read: permission denied`;
  const message = caught instanceof Error ? caught.message : String(caught);
  return `${display} cannot be read: ${message}`;
}

/** Names what a path is when it is neither a regular file nor a directory. */
export function specialFileKind(stats: Stats): string {
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "not a regular file";
}
