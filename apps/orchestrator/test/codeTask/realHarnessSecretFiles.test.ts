// No secret value stays in the files a real harness CLI leaves in the agent's home: each of Claude
// Code, Codex and Gemini CLI runs a turn with a shell call on a secret API key and a secret base URL
// (a path of its own on the fake model server), once to its end and once cancelled mid-turn; then
// every file of ~/.claude, ~/.claude.json, ~/.codex and ~/.gemini is searched for either value.
import { describe, expect, test, vi } from "vitest";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { processesWith } from "../toolbox/processScan.ts";
import { CLAUDE, CODEX, GEMINI, useRealCliTask } from "./realClis.ts";
import { finishedTask, startTask } from "./taskFixture.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the real harness secret-file tests: ${installed.reason}`);

const KEY = "sk-secret-file-key-7f3a9c01d2e4b5a6";
/** The base URL's own path: a value no CLI would write by chance. */
const ROUTE = "/secret-route-5d1e8b2c";

const CASES = [CLAUDE, CODEX, GEMINI].map((cli) => ({
  ...cli,
  sayHi: cli.shellCall("echo hi", "Say hi"),
}));

// A CLI starts in seconds here, but tens of seconds on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

describe.skipIf(installed.dir === null).each(CASES)("the $harness CLI's files keep no secret", (cli) => {
  const real = useRealCliTask(cli, { harnessDir: installed.dir ?? "", key: KEY, route: ROUTE });

  /** Every file of the CLIs' state in the home that holds the key or the base URL's path. */
  const filesHoldingSecrets = () =>
    real.harness.bash(
      'cd ~ && for found in .claude .claude.json .codex .gemini; do [ -e "$found" ] && grep -rlaF -e "$1" -e "$2" "$found"; done; true',
      KEY,
      ROUTE,
    );

  test("a turn with a shell call leaves no file holding the key or the base URL", async () => {
    real.fake.enqueue(
      { type: "stream", blocks: [cli.sayHi] },
      { type: "stream", blocks: [{ type: "text", chunks: ["Said hi."] }] },
    );
    const { task } = await finishedTask(
      real.harness,
      await startTask(real.harness, { brief: "Say hi." }, null),
    );
    expect(task.metadata).toMatchObject({ status: "completed" });
    // The fake was reached through the secret base URL.
    expect(real.fake.requests.some((request) => request.path.startsWith(ROUTE))).toBe(true);
    expect(await filesHoldingSecrets()).toBe("");
  });

  test("... nor does a turn cancelled after its shell call, and no command line holds them meanwhile", async () => {
    const seen = real.fake.requests.length;
    real.fake.enqueue(
      { type: "stream", blocks: [cli.sayHi] },
      { type: "stream", blocks: [{ type: "text", chunks: ["Waiting"] }], hang: true },
    );
    const runId = await startTask(real.harness, { brief: "Say hi, then wait." }, null);
    const modelCalls = () =>
      real.fake.requests.filter((request, index) => index >= seen && request.method === "POST");
    for (const deadline = Date.now() + 120_000; modelCalls().length < 2; ) {
      if (Date.now() > deadline) throw new Error("the CLI never came back after its shell call");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // While it runs, no command line on this host holds either value (any user can read them).
    expect(processesWith(KEY)).toEqual([]);
    expect(processesWith(ROUTE)).toEqual([]);
    await real.harness.service.cancel(runId);
    const { task } = await finishedTask(real.harness, runId);
    real.fake.clearQueue();
    expect(task.metadata).toMatchObject({ status: "cancelled" });
    expect(await filesHoldingSecrets()).toBe("");
  });
});
