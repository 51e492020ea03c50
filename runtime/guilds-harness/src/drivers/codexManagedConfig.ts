import { removeInside, writeInside } from "./localConfig.ts";

/** The driver's own ~/.codex/config.toml for one turn (the user's is removed with the local configuration). */
const CONFIG_FILE = ".codex/config.toml";
/** Where Codex keeps its shell snapshots: each is an env dump, API key included. */
const SHELL_SNAPSHOTS = ".codex/shell_snapshots";

/**
 * Codex retries each request and each broken stream with short backoffs (200 ms, doubling): one
 * retry of each fails a rejected key within seconds and a failing server well within a minute,
 * while a single blip still passes.
 */
const REQUEST_MAX_RETRIES = 1;
const STREAM_MAX_RETRIES = 1;

/** A model server other than OpenAI's, reached with the key in `envKey`. */
export interface CodexProvider {
  baseUrl: string;
  envKey: string;
}

/**
 * The configuration of one turn: no shell snapshots (Codex writes one per session, an env dump with
 * the API key in plain text, and keeps it when the CLI is killed), and with a base URL a provider of
 * our own with bounded retries. It is a file, not `-c` options, because the base URL is a secret and
 * any user of the host can read a command line. It lives in the home only while the CLI runs.
 */
export function codexManagedConfig(provider: CodexProvider | null): string {
  const lines = ["# Written by guilds-harness for one code_task; removed when the task ends."];
  if (provider !== null) lines.push(`model_provider = "guilds"`);
  lines.push("", "[features]", "shell_snapshot = false");
  if (provider !== null) {
    lines.push(
      "",
      "[model_providers.guilds]",
      `name = "guilds"`,
      `base_url = ${tomlString(provider.baseUrl)}`,
      `env_key = ${tomlString(provider.envKey)}`,
      `wire_api = "responses"`,
      `request_max_retries = ${REQUEST_MAX_RETRIES}`,
      `stream_max_retries = ${STREAM_MAX_RETRIES}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

export function writeCodexManagedConfig(home: string, provider: CodexProvider | null): void {
  writeInside(home, CONFIG_FILE, codexManagedConfig(provider));
}

/** Once the CLI has exited: the turn's configuration and any shell snapshot go. */
export function removeCodexTurnFiles({ home }: { home: string }): void {
  removeInside(home, CONFIG_FILE);
  removeInside(home, SHELL_SNAPSHOTS);
}

/** A TOML basic string: JSON's escapes are valid TOML escapes. */
export function tomlString(value: string): string {
  return JSON.stringify(value);
}
