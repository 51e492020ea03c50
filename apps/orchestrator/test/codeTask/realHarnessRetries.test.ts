// A model API that refuses the key, or keeps failing, fails the task soon: the real Claude Code,
// Codex and Gemini CLI against the fake model server answering every call 401 (the task fails
// within seconds, the harness's error as its detail) or 500 (within a minute). Each CLI's own
// retries would otherwise keep the agent waiting for minutes.
import { afterEach, describe, expect, test, vi } from "vitest";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { CLAUDE, CODEX, GEMINI, useRealCliTask } from "./realClis.ts";
import { finishedTask, REPOSITORY, startTask } from "./taskFixture.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the real harness retry tests: ${installed.reason}`);

const KEY = "sk-rejected-key-0123456789abcdef";
/** A rejected key fails the task within this, a CLI's start included. */
const REJECTED_WITHIN_MS = 20_000;
/** A server error that does not go away fails it within a minute. */
const FAILING_WITHIN_MS = 60_000;
/** The model calls of a failing turn, retries included (the CLIs' defaults make 10 or more). */
const MODEL_CALLS_MAX = 4;

/** Each CLI with the harness's error for a rejected key, as its detail shows it. */
const CASES = (
  [
    [CLAUDE, /API key|401/],
    [CODEX, /401/],
    [GEMINI, /401/],
  ] as const
).map(([cli, rejected]) => ({ ...cli, rejected }));

vi.setConfig({ testTimeout: FAILING_WITHIN_MS + 30_000, hookTimeout: 120_000 });

describe.skipIf(installed.dir === null).each(CASES)("the real $harness CLI on a failing model API", (cli) => {
  let runId: string | null = null;

  const real = useRealCliTask(cli, { harnessDir: installed.dir ?? "", key: KEY });
  afterEach(async () => {
    // A CLI still retrying when a case gave up must not answer the next one.
    if (runId !== null) await real.harness.service.cancel(runId).catch(() => undefined);
    runId = null;
    real.fake.clearQueue();
  });

  /** The task against every model call answering `status`, and how long it took. */
  const failingTask = async (status: number, message: string) => {
    real.fake.enqueue(...Array.from({ length: 200 }, () => ({ type: "error" as const, status, message })));
    const seen = real.fake.requests.length;
    const began = Date.now();
    runId = await startTask(real.harness, { brief: "Fail." }, null);
    const { task } = await finishedTask(real.harness, runId);
    const modelCalls = real.fake.requests.slice(seen).filter((request) => request.method === "POST").length;
    return { task, elapsedMs: Date.now() - began, modelCalls };
  };

  test("a rejected key (401): failed within seconds, the harness's error as its detail", async () => {
    const { task, elapsedMs, modelCalls } = await failingTask(401, "fake: invalid api key");
    expect(task.metadata).toMatchObject({ status: "failed" });
    expect(elapsedMs).toBeLessThan(REJECTED_WITHIN_MS);
    expect(modelCalls).toBeLessThanOrEqual(MODEL_CALLS_MAX);
    const lines = task.result.split("\n");
    expect(lines[0]).toMatch(new RegExp(`^failed · .+ · ${REPOSITORY} · session `));
    expect(lines[1]).toBe("no files changed");
    expect(lines[2]).toMatch(cli.rejected);
    expect(lines[2]).not.toMatch(/warning/i);
  });

  test("a server error that does not go away (500): failed within a minute", async () => {
    const { task, elapsedMs, modelCalls } = await failingTask(500, "fake: internal error");
    expect(task.metadata).toMatchObject({ status: "failed" });
    expect(elapsedMs).toBeLessThan(FAILING_WITHIN_MS);
    expect(modelCalls).toBeLessThanOrEqual(MODEL_CALLS_MAX);
    expect(task.result.split("\n")[2]?.length ?? 0).toBeGreaterThan(0);
    expect(task.result.split("\n")[2]).not.toMatch(/warning/i);
  });
});
