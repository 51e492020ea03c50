import { realpathSync } from "node:fs";
import path from "node:path";

/** A path as the agent wrote it, resolved: "~" and "~/" start at the home, others at the working directory. */
export function resolveAgentPath(input: string, home: string, cwd: string): string {
  if (input === "~") return home;
  if (input.startsWith("~/")) return path.resolve(home, input.slice(2));
  return path.resolve(cwd, input);
}

export type InsideHome = { ok: true; realPath: string } | { ok: false; reason: "missing" | "outside" };

/** Follows every link; a path whose target is outside the home is refused. */
export function realPathInsideHome(absolute: string, home: string): InsideHome {
  const realHome = realPathOr(home);
  let realPath: string;
  try {
    realPath = realpathSync(absolute);
  } catch {
    const inside = isInside(absolute, home) || isInside(absolute, realHome);
    return { ok: false, reason: inside ? "missing" : "outside" };
  }
  return isInside(realPath, realHome) ? { ok: true, realPath } : { ok: false, reason: "outside" };
}

function realPathOr(candidate: string): string {
  try {
    return realpathSync(candidate);
  } catch {
    return candidate;
  }
}

function isInside(candidate: string, root: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith("/") ? root : `${root}/`);
}

/** How results name a path: relative to the working directory ("." for itself). */
export function displayPath(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  return relative === "" ? "." : relative;
}

/** The message an agent reads for a path that leaves the home. */
export function outsideHomeMessage(input: string, home: string): string {
  return `${input} is outside the agent's home (${home}); file_read and code_search only use paths inside it.`;
}
