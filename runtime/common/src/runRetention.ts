import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { RUNS_KEPT } from "@guilds/protocol/limits";

/**
 * Creates a run's folder under .runs/ on its first use, then prunes: "Logs: kept for the agent's
 * 20 most recent runs" (shell logs, prompt files and harness logs alike). Recency is the folder's
 * modification time, which every file written into it touches.
 */
export function ensureRunFolder(runDir: string): string {
  // recursive: a folder already there is no error (a thrown EEXIST at every call costs more than
  // the mkdir); it names the first folder it made, if any.
  const created = mkdirSync(runDir, { recursive: true, mode: 0o700 }) !== undefined;
  if (created) pruneRuns(path.dirname(runDir), runDir);
  return runDir;
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
