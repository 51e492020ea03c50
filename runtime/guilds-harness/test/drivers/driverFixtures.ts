import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach } from "vitest";
import type { CredentialFound, HarnessDriver, LaunchInput, TurnOutcome } from "../../src/drivers/driver.ts";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

export function fixtureText(name: string): string {
  return readFileSync(path.join(FIXTURES, name), "utf8");
}

export interface ParsedFixture {
  progress: string[];
  /** The session ids the lines named, in order, repeats included. */
  sessionIds: string[];
  unparsed: number;
  outcome: TurnOutcome;
}

/** Feeds every non-blank line of a fixture log to a fresh parser of the driver. */
export function parseFixture(driver: HarnessDriver, name: string): ParsedFixture {
  return parseLines(driver, fixtureText(name).split("\n"));
}

export function parseLines(driver: HarnessDriver, lines: readonly string[]): ParsedFixture {
  const parser = driver.createParser();
  const progress: string[] = [];
  const sessionIds: string[] = [];
  let unparsed = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const parsed = parser.feed(line);
    if (!parsed.parsed) unparsed += 1;
    progress.push(...parsed.progress);
    if (parsed.sessionId !== undefined) sessionIds.push(parsed.sessionId);
  }
  return { progress, sessionIds, unparsed, outcome: parser.outcome() };
}

/** The options ("--x", "-x") of an argv that the CLI's captured --help text lists. */
export function optionsMissingFromHelp(argv: readonly string[], helpFile: string): string[] {
  const help = fixtureText(`help/${helpFile}`);
  return argv
    .filter((arg) => /^--?[a-z]/.test(arg))
    .filter((option) => !new RegExp(`(^|[\\s,])${option.replace(/[-]/g, "\\-")}([\\s,=]|$)`, "m").test(help));
}

export interface TempHome {
  home: string;
  repoDir: string;
  /** A folder beside the home, for links that point out of it. */
  outside: string;
  cleanup(): void;
}

export function makeTempHome(): TempHome {
  const root = mkdtempSync(path.join(tmpdir(), "guilds-drivers-"));
  const home = path.join(root, "home");
  const repoDir = path.join(home, "repos", "demo");
  const outside = path.join(root, "outside");
  mkdirSync(repoDir, { recursive: true });
  mkdirSync(outside, { recursive: true });
  return { home, repoDir, outside, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A fresh TempHome for each test of the describe block that calls this, removed after the test. */
export function useTempHome(): TempHome {
  let current: TempHome | undefined;
  beforeEach(() => {
    current = makeTempHome();
  });
  afterEach(() => current?.cleanup());
  const now = (): TempHome => {
    if (current === undefined) throw new Error("The temporary home exists only inside a test.");
    return current;
  };
  return {
    get home() {
      return now().home;
    },
    get repoDir() {
      return now().repoDir;
    },
    get outside() {
      return now().outside;
    },
    cleanup: () => now().cleanup(),
  };
}

/** Writes files under root: { ".claude/settings.json": "{}" }; parent folders are created. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const full = path.join(root, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

export const LOGIN: CredentialFound = { kind: "login", account: "dev@example.com", source: "login file" };

export function secret(source: string): CredentialFound {
  return { kind: "secret", account: null, source };
}

/** A launch input in a fixed, fake home; fields as given. */
export function launchInput(overrides: Partial<LaunchInput> = {}): LaunchInput {
  return {
    home: "/home/agent",
    repoDir: "/home/agent/repos/demo",
    model: null,
    effort: null,
    sessionId: null,
    promptFile: "/home/agent/.runs/run_1/call_1.prompt.md",
    stateDir: "/run/guilds/agent_1/harness/call_1",
    credential: LOGIN,
    asRoot: false,
    env: {},
    ...overrides,
  };
}

/** A JWT with these claims and no signature worth checking. */
export function unsignedJwt(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none" })}.${part(claims)}.signature`;
}
