// A failed task's detail is the harness's own error, never one of the warnings the CLI prints on its
// stderr first: the real Claude Code, Codex and Gemini CLI resume a session that does not exist
// (no turn runs; each says so its own way), inside a real machine, on a key secret.
import { describe, expect, test, vi } from "vitest";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { CLAUDE, CODEX, GEMINI, useRealCliTask } from "./realClis.ts";
import { finishedTask, startTask } from "./taskFixture.ts";

const installed = testHarnessDir();
if (installed.dir === null)
  console.warn(`skipping the real harness failed-detail tests: ${installed.reason}`);

const KEY = "sk-fake-detail-key-0123456789abcdef";
const MISSING_SESSION = "0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee";

/** Each CLI with its own words for a session it does not have. */
const CASES = (
  [
    [CLAUDE, /^No conversation found with session ID: /],
    [CODEX, /no rollout found for thread id/],
    [GEMINI, /^Error resuming session: /],
  ] as const
).map(([cli, error]) => ({ ...cli, error }));

// A CLI starts in seconds here, but tens of seconds on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

describe.skipIf(installed.dir === null).each(CASES)("the failed detail of the real $harness CLI", (cli) => {
  const real = useRealCliTask(cli, { harnessDir: installed.dir ?? "", key: KEY });

  test("a session that does not exist: failed, the harness's error first, no warning", async () => {
    const runId = await startTask(real.harness, { brief: "Go on.", session_id: MISSING_SESSION }, null);
    const { task } = await finishedTask(real.harness, runId);
    expect(task.metadata).toMatchObject({ status: "failed" });
    const [, diffstat, ...rest] = task.result.split("\n\n")[0]?.split("\n") ?? [];
    expect(diffstat).toBe("no files changed");
    expect(rest[0]).toMatch(cli.error);
    expect(task.result).not.toMatch(/warning/i);
  });
});
