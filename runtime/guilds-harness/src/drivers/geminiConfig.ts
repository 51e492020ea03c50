import path from "node:path";
import { removeInside } from "./localConfig.ts";

/**
 * Keeps oauth_creds.json, google_accounts.json and tmp/<project>/chats (the sessions). The CLI loads
 * the first .env it finds walking up from the repository: a trusted folder's .gemini/.env, a generic
 * .env, then ~/.gemini/.env and ~/.env. Generic .env files outside the home folder itself are the
 * project's own: the managed settings turn them off (advanced.ignoreLocalEnv) rather than removing them.
 */
export function removeGeminiConfiguration({ home, repoDir }: { home: string; repoDir: string }): void {
  for (const relative of [".gemini/settings.json", ".gemini/GEMINI.md", ".gemini/extensions", ".env"]) {
    removeInside(home, relative);
  }
  for (const folder of foldersUpToHome(home, repoDir)) {
    removeInside(home, path.join(folder, ".gemini", ".env"));
  }
}

/** The repository's folder and each folder above it up to the home, home-relative ("" for the home). */
function foldersUpToHome(home: string, repoDir: string): string[] {
  const relative = path.relative(path.resolve(home), path.resolve(repoDir));
  if (relative.startsWith("..") || path.isAbsolute(relative)) return [""];
  const parts = relative === "" ? [] : relative.split(path.sep);
  return parts.map((_, index) => parts.slice(0, parts.length - index).join(path.sep)).concat("");
}
