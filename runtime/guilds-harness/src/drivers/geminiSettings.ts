import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CredentialKind } from "@guilds/protocol/harness";
import { writeInside } from "./localConfig.ts";

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
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    advanced: { ignoreLocalEnv: true },
  };
}

/**
 * Writes the managed settings twice. The system settings file (GEMINI_CLI_SYSTEM_SETTINGS_PATH) wins
 * over the workspace's, but the CLI skips it unless it and every folder above it belong to root and
 * no group or other may write them. The user settings file, removed with the local configuration,
 * always loads; only a repository's .gemini/settings.json can override it. Returns the system path.
 */
export function writeGeminiSettings(stateDir: string, home: string, credential: CredentialKind): string {
  const text = `${JSON.stringify(geminiManagedSettings(credential), null, 2)}\n`;
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const systemFile = path.join(stateDir, "gemini-system-settings.json");
  writeFileSync(systemFile, text, { mode: 0o600 });
  writeInside(home, ".gemini/settings.json", text);
  return systemFile;
}
