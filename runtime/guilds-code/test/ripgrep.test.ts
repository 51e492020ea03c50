import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { runRipgrep } from "../src/ripgrep.ts";
import { RG_DIR } from "./helperFixture.ts";

test("a search past its deadline is stopped and says so", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "guilds-rg-"));
  try {
    // rg reads a FIFO named on its command line until a writer closes it: here, never.
    execFileSync("mkfifo", [path.join(root, "pipe")]);
    const started = Date.now();
    const run = await runRipgrep({
      args: ["--regexp", "x", "--", "pipe"],
      cwd: root,
      env: { PATH: RG_DIR, HOME: root },
      deadline: Date.now() + 300,
      onOutput: () => undefined,
    });
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
