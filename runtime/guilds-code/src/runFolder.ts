import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { RUNS_KEPT } from "@guilds/protocol/limits";
import type { OpContext } from "./context.ts";

/**
 * Creates the run's folder under .runs/ on its first call, then prunes: "Logs: kept for the agent's
 * 20 most recent runs". Recency is the folder's modification time, touched by every call.
 */
export function ensureRunFolder(context: OpContext): string {
  const runsRoot = path.dirname(context.runDir);
  let created = false;
  try {
    mkdirSync(context.runDir, { recursive: false, mode: 0o700 });
    created = true;
  } catch (caught) {
    if ((caught as NodeJS.ErrnoException).code === "ENOENT") {
      mkdirSync(context.runDir, { recursive: true, mode: 0o700 });
      created = true;
    } else if ((caught as NodeJS.ErrnoException).code !== "EEXIST") {
      throw caught;
    }
  }
  if (created) pruneRuns(runsRoot, context.runDir);
  return context.runDir;
}

function pruneRuns(runsRoot: string, keep: string): void {
  const runs = readdirSync(runsRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const full = path.join(runsRoot, entry.name);
      return { full, mtime: statSync(full).mtimeMs };
    })
    .sort((a, b) => b.mtime - a.mtime);
  let kept = 0;
  for (const run of runs) {
    if (run.full === keep || kept < RUNS_KEPT - 1) {
      if (run.full !== keep) kept += 1;
      continue;
    }
    rmSync(run.full, { recursive: true, force: true });
  }
}
