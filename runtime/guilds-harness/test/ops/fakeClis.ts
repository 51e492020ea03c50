import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { HarnessName } from "@guilds/protocol/harness";

const FAKE_CLI = fileURLToPath(new URL("../fixtures-ops/fakeCli.mjs", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("../fixtures-ops/", import.meta.url));

/** The binary each harness's driver looks up on PATH. */
export const BINARIES: Record<HarnessName, string> = {
  claude: "claude",
  codex: "codex",
  gemini: "gemini",
  cursor: "agent",
  antigravity: "agy",
};

/** One small script per binary in `bin`, each running the fake CLI under its name. */
export function installFakeClis(bin: string): void {
  mkdirSync(bin, { recursive: true });
  for (const binary of Object.values(BINARIES)) {
    const script = path.join(bin, binary);
    writeFileSync(script, `#!/bin/sh\nexec "${process.execPath}" "${FAKE_CLI}" ${binary} "$@"\n`);
    chmodSync(script, 0o755);
  }
}

export function uninstallFakeCli(bin: string, harness: HarnessName): void {
  rmSync(path.join(bin, BINARIES[harness]), { force: true });
}

/** What the fake CLI plays (see fakeCli.mjs). */
export interface FakeScenario {
  record?: string;
  trapTerm?: boolean;
  exitCode?: number;
  steps?: Array<
    | { stdout: string }
    | { stdoutFile: string }
    | { stderr: string }
    | { sleepMs: number }
    | { waitFor: string }
    | { touch: string }
    | { spawnChild: string }
    | { shell: string }
  >;
}

/** What the fake CLI recorded of its start. */
export interface FakeCliRecord {
  name: string;
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  stdin: string | null;
  pid: number;
  processGroup: number;
}

/** A fixture log in fixtures-ops/: claude.jsonl, codex.jsonl, gemini.jsonl, cursor.jsonl, antigravity.jsonl. */
export function fixtureLog(harness: HarnessName): string {
  return path.join(FIXTURES, `${harness}.jsonl`);
}
