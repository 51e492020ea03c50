// Nothing of a code task is left running once it is cancelled or times out: the real Claude Code,
// Codex and Gemini CLI run a long shell command the fake model asks for, inside a real bwrap
// machine, and the task is cut short while it runs. The CLI and everything it started are in the
// task's cgroup, which stop kills whole (Gemini CLI leaves its commands running after a cancel).
import { readFileSync } from "node:fs";
import { describe, expect, test, vi } from "vitest";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { processesWith } from "../toolbox/processScan.ts";
import { CLAUDE, CODEX, GEMINI, useRealCliTask } from "./realClis.ts";
import { finishedTask, startTask } from "./taskFixture.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the real harness leftover tests: ${installed.reason}`);

const KEY = "sk-fake-harness-key-0123456789abcdef";

const CASES = [CLAUDE, CODEX, GEMINI];

/** A sleep no other process on this host has: `sleep <it>` is found by it. */
function markedSeconds(whole: number): string {
  return `${whole}.${Date.now()}${Math.floor(Math.random() * 1e6)}`;
}

/** The command runs in its task's cgroup (task-<call id>), whichever session the CLI gave it. */
function inTaskCgroup(marker: string): boolean {
  const [pid] = processesWith(marker);
  return pid !== undefined && /\/task-[^/\n]+$/m.test(readFileSync(`/proc/${pid}/cgroup`, "utf8"));
}

async function until(done: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} never happened`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A CLI starts in seconds here, but tens of seconds on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

describe.skipIf(installed.dir === null).each(CASES)("nothing of a $harness task outlives it", (cli) => {
  // timeout_minutes: 1 is 20 s: time for a CLI to start on a loaded machine and run the command.
  const real = useRealCliTask(cli, {
    harnessDir: installed.dir ?? "",
    key: KEY,
    noRetries: true,
    minuteMs: 20_000,
  });

  /** The model has the CLI run a long command, then never answers again: the CLI waits until stopped. */
  const runLongCommand = (): string => {
    const marker = markedSeconds(1234);
    real.fake.enqueue(
      { type: "stream", blocks: [cli.shellCall(`sleep ${marker}`, "Wait")] },
      { type: "stream", blocks: [{ type: "text", chunks: ["Waiting"] }], hang: true },
    );
    return marker;
  };

  test("a cancel while the CLI's command runs", async () => {
    const marker = runLongCommand();
    const runId = await startTask(real.harness, { brief: "Wait for the command." }, null);
    await until(() => processesWith(marker).length > 0, `the CLI running sleep ${marker}`);
    expect(inTaskCgroup(marker)).toBe(true);
    await real.harness.service.cancel(runId);
    const { task } = await finishedTask(real.harness, runId);
    real.fake.clearQueue();
    expect(task.metadata).toMatchObject({ status: "cancelled" });
    expect(processesWith(marker)).toEqual([]);
  });

  test("a timeout while the CLI's command runs", async () => {
    const marker = runLongCommand();
    const runId = await startTask(real.harness, { brief: "Wait for the command.", timeout_minutes: 1 }, null);
    await until(() => processesWith(marker).length > 0, `the CLI running sleep ${marker}`);
    expect(inTaskCgroup(marker)).toBe(true);
    const { task } = await finishedTask(real.harness, runId);
    real.fake.clearQueue();
    expect(task.metadata).toMatchObject({ status: "timed_out" });
    expect(processesWith(marker)).toEqual([]);
  });
});
