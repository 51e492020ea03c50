// Installs the pinned harness CLIs (Claude Code, Codex, Gemini CLI) the way an operator does,
// `guilds harness install`, into the folder the harness tests use: $GUILDS_TEST_HARNESS_DIR, else
// <tmp>/guilds-test-harnesses. Without it those tests are skipped, saying why.
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const harnessDir = process.env.GUILDS_TEST_HARNESS_DIR || path.join(tmpdir(), "guilds-test-harnesses");
const step = (argv, env = process.env) => {
  const ran = spawnSync(process.execPath, argv, { cwd: root, stdio: "inherit", env });
  if (ran.status !== 0) process.exit(ran.status ?? 1);
};
step(["scripts/build.mjs"]);
step(["apps/orchestrator/bin/guilds.mjs", "harness", "install", "claude", "codex", "gemini"], {
  ...process.env,
  GUILDS_HARNESS_DIR: harnessDir,
});
