// A failed task's detail is the harness's own error, never one of the warnings the CLI prints on its
// stderr first: the real Claude Code, Codex and Gemini CLI resume a session that does not exist
// (no turn runs; each says so its own way), inside a real machine, on a key secret.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startFakeHarnessModelServer } from "../fakes/fakeHarnessModelServer.ts";
import type { FakeModelServer } from "../fakes/fakeModelServer.ts";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { CLAUDE, CODEX, GEMINI } from "./realClis.ts";
import { createTaskHarness, finishedTask, startTask, type TaskHarness } from "./taskFixture.ts";

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
).map(([cli, error]) => ({
  harness: cli.harness,
  model: cli.model,
  secrets: (origin: string) => cli.secrets(KEY, origin),
  error,
}));

// A CLI starts in seconds here, but tens of seconds on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

describe.skipIf(installed.dir === null).each(CASES)("the failed detail of the real $harness CLI", (cli) => {
  let fake: FakeModelServer;
  let harness: TaskHarness;

  beforeAll(async () => {
    fake = await startFakeHarnessModelServer();
    harness = await createTaskHarness({
      harnessDir: installed.dir ?? "",
      network: "host",
      harness: cli.harness,
      harnessModel: cli.model,
      secrets: cli.secrets(fake.origin),
      timing: { pollIntervalMs: 500 },
    });
  });
  afterAll(async () => {
    await harness?.dispose();
    await fake?.close();
  });

  test("a session that does not exist: failed, the harness's error first, no warning", async () => {
    const runId = await startTask(harness, { brief: "Go on.", session_id: MISSING_SESSION }, null);
    const { task } = await finishedTask(harness, runId);
    expect(task.metadata).toMatchObject({ status: "failed" });
    const [, diffstat, ...rest] = task.result.split("\n\n")[0]?.split("\n") ?? [];
    expect(diffstat).toBe("no files changed");
    expect(rest[0]).toMatch(cli.error);
    expect(task.result).not.toMatch(/warning/i);
  });
});
