import type { CredentialKind, HarnessName } from "@guilds/protocol/harness";

/**
 * One harness CLI, as guilds-harness drives it. Everything a driver knows about its CLI lives
 * behind this interface: the ops (check, start, poll, result, log) and the supervisor are the same
 * for every harness.
 */
export interface HarnessDriver {
  name: HarnessName;
  /** The executable looked up on PATH ("claude", "codex", "gemini", "agent", "agy"). */
  binary: string;
  /** Arguments that print the version ("--version"); parseVersion picks it out of stdout. */
  versionArgs: string[];
  parseVersion(stdout: string): string | null;

  /**
   * The credential the CLI would run on: "login" when its login files are in the home (a
   * subscription; the account from its identity file when it names one), else "secret" when the
   * agent's environment holds its API key, else "none". Reads files only, never the network.
   */
  credential(input: CredentialInput): CredentialFound;

  /**
   * Removes the local configuration that could change the model, provider, billing or permissions
   * (user settings, project settings, MCP servers, rules files, .env files), keeping credentials and
   * sessions; rewrites keys of a file that also holds them.
   */
  removeLocalConfiguration(input: { home: string; repoDir: string }): void;

  /**
   * Once the CLI has exited: removes what the turn left in the home that may hold a secret value
   * (the driver's own configuration naming the base URL, the CLI's env dumps). Drivers whose CLI
   * leaves none have no such method.
   */
  removeTurnFiles?(input: { home: string }): void;

  /** The command line, environment changes and prompt delivery of one turn. */
  launch(input: LaunchInput): Launch;

  /** A fresh parser for one log (one turn): fed line by line, in order. */
  createParser(): EventParser;
}

export interface CredentialInput {
  home: string;
  /** The environment the CLI would get (the agent's secrets among it). */
  env: Readonly<Record<string, string>>;
}

export interface CredentialFound {
  kind: CredentialKind;
  account: string | null;
  /** The secret's name or the login file (home-relative, "~/.claude/.credentials.json"). */
  source: string | null;
}

export interface LaunchInput {
  home: string;
  /** Absolute: <home>/repos/<repo>, the CLI's working directory. */
  repoDir: string;
  model: string | null;
  effort: string | null;
  sessionId: string | null;
  /** Absolute path of the prompt file (mode 0600). */
  promptFile: string;
  /** A private folder of this call for driver files (managed settings ...), gone with the machine. */
  stateDir: string;
  /** What check found: a login run strips every variable that would move it off the subscription. */
  credential: CredentialFound;
  /** Whether the process runs as root (Claude Code then needs IS_SANDBOX=1). */
  asRoot: boolean;
  /** The environment the CLI would get before the driver's changes. */
  env: Readonly<Record<string, string>>;
}

export interface Launch {
  /** argv[0] is the binary; never holds the brief. */
  argv: string[];
  /**
   * Variables to set (quiet, unattended flags) ... A value may be a secret (an API key copied to the
   * name the CLI reads), so never log or keep setEnv.
   */
  setEnv: Record<string, string>;
  /** ... and to remove (keys that would move a login run off the subscription, GH tokens). */
  unsetEnv: string[];
  /** "stdin": the prompt file is the CLI's stdin; "file": the argv names the prompt file and stdin is closed. */
  prompt: "stdin" | "file";
}

/** What one log line meant. A line that is not one of the CLI's events counts as unparsed. */
export interface ParsedLine {
  parsed: boolean;
  /** Normalised progress lines this event makes (see normaliseProgress rules), often none. */
  progress: string[];
  /** Set when this event names the session. */
  sessionId?: string;
}

/**
 * Stateful: reads one turn's events in order. Progress lines are the page's normalised events:
 * "<Harness display name> started (<model>)" or "... started" when it does not say, the first
 * line of each assistant message, and each tool use or file change as
 * "<tool>: <first line of its command, path, pattern, URL, description, or query>".
 */
export interface EventParser {
  feed(line: string): ParsedLine;
  /** The turn as read so far (final message, error, usage). */
  outcome(): TurnOutcome;
}

export interface TurnOutcome {
  sessionId: string | null;
  model: string | null;
  /** The harness's final message; "" when none. */
  finalMessage: string;
  /** The turn ended in error by the CLI's own marking. */
  turnError: boolean;
  /** The harness's error message (whole; the result takes its first line). */
  error: string | null;
  costUsd: number | null;
  /** Every prompt token, those read from the provider's cache included. */
  inputTokens: number | null;
  outputTokens: number | null;
  /** The prompt tokens read from the provider's cache, when the CLI reports them. */
  cachedTokens: number | null;
  /** Events parsed so far. */
  events: number;
}
