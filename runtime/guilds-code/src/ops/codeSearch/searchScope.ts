import { realpathSync, type Stats } from "node:fs";
import path from "node:path";
import { displayPath } from "../../paths/homePath.ts";

/** Where rg runs and what it searches, and how the paths it prints are shown. */
export interface SearchScope {
  /** rg's working directory: the searched directory, or the searched file's directory. */
  cwd: string;
  /** "." for a directory, the file's name for a file. */
  target: string;
  /** The search starts at the home itself: its own dot folders (.runs logs, caches, harness state) are skipped. */
  atHome: boolean;
  /** A path as rg prints it, shown relative to the run's working directory. */
  displayOf(rgPath: string): string;
}

/**
 * rg runs inside the searched directory so that anchored globs ("/.*") apply to it, whatever
 * the working directory; its paths are then prefixed with that directory as the results show it.
 */
export function searchScopeOf(
  searched: { absolute: string; realPath: string; stats: Stats },
  workingDirectory: string,
  home: string,
): SearchScope {
  const isDirectory = searched.stats.isDirectory();
  const cwd = isDirectory ? searched.absolute : path.dirname(searched.absolute);
  const prefix = displayPath(cwd, workingDirectory);
  return {
    cwd,
    target: isDirectory ? "." : path.basename(searched.absolute),
    atHome: isDirectory && searched.realPath === realPathOr(home),
    displayOf: (rgPath) => (prefix === "." ? rgPath : `${prefix}/${rgPath}`),
  };
}

function realPathOr(candidate: string): string {
  try {
    return realpathSync(candidate);
  } catch {
    return candidate;
  }
}
