import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CredentialKind } from "@guilds/protocol/harness";
import { writeInside } from "./localConfig.ts";

/**
 * Attempts at each model call. After the first, each waits 5 s or more (doubling, up to 30 s): the
 * default 10 kept the task of a failing server waiting for minutes. A rejected key is not retried.
 */
const MAX_ATTEMPTS = 2;

/**
 * Pins the auth type, so no key or base URL in the environment or a .env file moves a login run off
 * the subscription (and a key run needs it: with GOOGLE_GEMINI_BASE_URL alone the CLI picks the
 * "gateway" type and refuses it), and turns off usage statistics, updates and the project's generic
 * .env files.
 */
export function geminiManagedSettings(credential: CredentialKind): object {
  return {
    security: { auth: { selectedType: credential === "secret" ? "gemini-api-key" : "oauth-personal" } },
    privacy: { usageStatisticsEnabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, maxAttempts: MAX_ATTEMPTS },
    advanced: { ignoreLocalEnv: true },
  };
}

/**
 * Writes the managed settings to the user settings file, which always loads (the user's own is
 * removed with the local configuration; only a repository's .gemini/settings.json can override it),
 * and to a system settings file, which wins over the workspace's, when the CLI would read it: it
 * skips one that is not root's, or that a group or others may write, or under such a folder, and
 * prints a "Security Warning" instead. That file's path, or null when it would be skipped.
 */
export function writeGeminiSettings(
  stateDir: string,
  home: string,
  credential: CredentialKind,
): string | null {
  const text = `${JSON.stringify(geminiManagedSettings(credential), null, 2)}\n`;
  writeInside(home, ".gemini/settings.json", text);
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const systemFile = path.join(stateDir, "gemini-system-settings.json");
  writeFileSync(systemFile, text, { mode: 0o600 });
  if (ownedByRootAlone(systemFile)) return systemFile;
  rmSync(systemFile, { force: true });
  return null;
}

/** The file and every folder above it belong to root, and no group or other may write them. */
function ownedByRootAlone(file: string): boolean {
  for (let current = file; ; current = path.dirname(current)) {
    const stats = statSync(current);
    if (stats.uid !== 0 || (stats.mode & 0o022) !== 0) return false;
    if (path.dirname(current) === current) return true;
  }
}
