import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";

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
