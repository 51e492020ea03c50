import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { runRipgrep } from "../../../../src/ops/codeSearch/ripgrep/ripgrep.ts";
import { RG_DIR } from "../../../support/helperFixture.ts";

/** rg reads a FIFO named on its command line until a writer closes it: here, never. */
function blockedSearch(root: string, deadline: number, cancelled: AbortSignal) {
  execFileSync("mkfifo", [path.join(root, "pipe")]);
  return runRipgrep({
    args: ["--regexp", "x", "--", "pipe"],
    cwd: root,
    env: { PATH: RG_DIR, HOME: root },
    deadline,
    cancelled,
    onOutput: () => undefined,
  });
}

describe("runRipgrep", () => {
  test("stops a search past its deadline and says so", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "guilds-rg-"));
    try {
      const started = Date.now();
      const run = await blockedSearch(root, Date.now() + 300, new AbortController().signal);
      expect(run).toMatchObject({ timedOut: true, cancelled: false, exitCode: null });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("stops a search whose call is cancelled", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "guilds-rg-"));
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const run = await blockedSearch(root, Date.now() + 60_000, controller.signal);
      expect(run).toMatchObject({ timedOut: false, cancelled: true, exitCode: null });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
