import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Where `npm run test:harnesses` installed the real harness CLIs (claude, codex, gemini), or null
 * with the reason the tests that run them are skipped.
 */
export function testHarnessDir(): { dir: string | null; reason: string } {
  const dir = process.env.GUILDS_TEST_HARNESS_DIR || path.join(tmpdir(), "guilds-test-harnesses");
  const bin = path.join(dir, "node_modules", ".bin");
  const missing = ["claude", "codex", "gemini"].filter((name) => !existsSync(path.join(bin, name)));
  if (missing.length === 0) return { dir, reason: "" };
  return {
    dir: null,
    reason: `the harness CLIs ${missing.join(", ")} are not installed in ${dir}: run \`npm run test:harnesses\``,
  };
}
