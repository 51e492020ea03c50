// No secret value stays in the files a real harness CLI leaves in the agent's home: each of Claude
// Code, Codex and Gemini CLI runs a turn with a shell call on a secret API key and a secret base URL
// (a path of its own on the fake model server), once to its end and once cancelled mid-turn; then
// every file of ~/.claude, ~/.claude.json, ~/.codex and ~/.gemini is searched for either value.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startFakeHarnessModelServer } from "../fakes/fakeHarnessModelServer.ts";
import type { FakeModelServer } from "../fakes/fakeModelServer.ts";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { processesWith } from "../toolbox/processScan.ts";
import { CLAUDE, CODEX, GEMINI } from "./realClis.ts";
import { createTaskHarness, finishedTask, startTask, type TaskHarness } from "./taskFixture.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the real harness secret-file tests: ${installed.reason}`);

const KEY = "sk-secret-file-key-7f3a9c01d2e4b5a6";
/** The base URL's own path: a value no CLI would write by chance. */
const ROUTE = "/secret-route-5d1e8b2c";

const CASES = [CLAUDE, CODEX, GEMINI].map((cli) => ({
  harness: cli.harness,
  model: cli.model,
  secrets: (baseUrl: string) => cli.secrets(KEY, baseUrl),
  shellCall: cli.shellCall("echo hi", "Say hi"),
}));

// A CLI starts in seconds here, but tens of seconds on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

describe.skipIf(installed.dir === null).each(CASES)("the $harness CLI's files keep no secret", (cli) => {
  let fake: FakeModelServer;
  let harness: TaskHarness;

  beforeAll(async () => {
    fake = await startFakeHarnessModelServer(ROUTE);
    harness = await createTaskHarness({
      harnessDir: installed.dir ?? "",
      network: "host",
      harness: cli.harness,
      harnessModel: cli.model,
      secrets: cli.secrets(`${fake.origin}${ROUTE}`),
      timing: { pollIntervalMs: 500 },
    });
  });
  afterAll(async () => {
    await harness?.dispose();
    await fake?.close();
  });

  /** Every file of the CLIs' state in the home that holds the key or the base URL's path. */
  const filesHoldingSecrets = () =>
    harness.bash(
      'cd ~ && for found in .claude .claude.json .codex .gemini; do [ -e "$found" ] && grep -rlaF -e "$1" -e "$2" "$found"; done; true',
      KEY,
      ROUTE,
    );

  test("a turn with a shell call leaves no file holding the key or the base URL", async () => {
    fake.enqueue(
      { type: "stream", blocks: [cli.shellCall] },
      { type: "stream", blocks: [{ type: "text", chunks: ["Said hi."] }] },
    );
    const { task } = await finishedTask(harness, await startTask(harness, { brief: "Say hi." }, null));
    expect(task.metadata).toMatchObject({ status: "completed" });
    // The fake was reached through the secret base URL.
    expect(fake.requests.some((request) => request.path.startsWith(ROUTE))).toBe(true);
    expect(await filesHoldingSecrets()).toBe("");
  });

  test("... nor does a turn cancelled after its shell call, and no command line holds them meanwhile", async () => {
    const seen = fake.requests.length;
    fake.enqueue(
      { type: "stream", blocks: [cli.shellCall] },
      { type: "stream", blocks: [{ type: "text", chunks: ["Waiting"] }], hang: true },
    );
    const runId = await startTask(harness, { brief: "Say hi, then wait." }, null);
    const modelCalls = () =>
      fake.requests.filter((request, index) => index >= seen && request.method === "POST");
    for (const deadline = Date.now() + 120_000; modelCalls().length < 2; ) {
      if (Date.now() > deadline) throw new Error("the CLI never came back after its shell call");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // While it runs, no command line on this host holds either value (any user can read them).
    expect(processesWith(KEY)).toEqual([]);
    expect(processesWith(ROUTE)).toEqual([]);
    await harness.service.cancel(runId);
    const { task } = await finishedTask(harness, runId);
    fake.clearQueue();
    expect(task.metadata).toMatchObject({ status: "cancelled" });
    expect(await filesHoldingSecrets()).toBe("");
  });
});
