import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { HARNESS_PACKAGES } from "../../src/harnesses/harnessPackages.ts";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { runCli } from "./runCli.ts";

const installed = testHarnessDir();

describe("guilds harness", () => {
  const home = mkdtempSync(path.join(tmpdir(), "guilds-cli-harness-"));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  test("list names each harness and whether it is installed", async () => {
    const ran = await runCli(["harness", "list"], { GUILDS_HOME: home });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe(
      [
        "claude\tnot installed",
        "codex\tnot installed",
        "gemini\tnot installed",
        "cursor\tin the agent's home, with its own installer",
        "antigravity\tin the agent's home, with its own installer",
        "",
      ].join("\n"),
    );
  });

  test.skipIf(installed.dir === null)("list reads the versions installed in GUILDS_HARNESS_DIR", async () => {
    const ran = await runCli(["harness", "list"], { GUILDS_HARNESS_DIR: installed.dir ?? "" });
    expect(ran.stdout).toContain("claude\t@anthropic-ai/claude-code 2.1.197\n");
    expect(ran.stdout).toContain("codex\t@openai/codex 0.171.0\n");
    expect(ran.stdout).toContain("gemini\t@google/gemini-cli 0.61.0\n");
  });

  test("install pins the exact version in the folder's package.json (from npm's cache, offline)", {
    timeout: 180_000,
  }, async (context) => {
    const harnessDir = path.join(home, "pinned");
    const ran = await runCli(["harness", "install", "gemini"], {
      GUILDS_HARNESS_DIR: harnessDir,
      npm_config_offline: "true",
    });
    if (ran.code !== 0 && /ENOTCACHED|offline/i.test(ran.stderr)) {
      context.skip(
        `@google/gemini-cli is not in npm's cache, and this test does not go online: ${ran.stderr.slice(-300)}`,
      );
    }
    expect(ran.code, ran.stderr).toBe(0);
    const gemini = HARNESS_PACKAGES.gemini;
    if (gemini.kind !== "npm") throw new Error("gemini installs with npm");
    const manifest = JSON.parse(readFileSync(path.join(harnessDir, "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({
      [gemini.packageName]: gemini.spec.slice(gemini.packageName.length + 1),
    });
    expect(ran.stdout).toContain(`gemini\t${gemini.packageName} 0.61.0\n`);
  });

  test("install refuses an unknown harness and a missing name, naming the harnesses", async () => {
    const unknown = await runCli(["harness", "install", "aider"], { GUILDS_HOME: home });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'there is no harness named "aider"; the harnesses are claude, codex, gemini, cursor, antigravity.',
    );
    const none = await runCli(["harness", "install"], { GUILDS_HOME: home });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("harness install needs one or more of: claude, codex, gemini");
  });

  test("Cursor and Antigravity: how their own installers are run, nothing installed here", async () => {
    const ran = await runCli(["harness", "install", "cursor", "antigravity"], { GUILDS_HOME: home });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain("cursor is not on npm, so it is not installed here");
    expect(ran.stderr).toContain("curl https://cursor.com/install -fsS | bash");
    expect(ran.stderr).toContain("antigravity is not on npm");
    expect(ran.stdout).toBe("");
  });
});
if (installed.dir === null) console.warn(`skipping the installed-versions case: ${installed.reason}`);
