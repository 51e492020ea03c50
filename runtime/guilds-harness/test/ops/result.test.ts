import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ResultMeta } from "@guilds/protocol/harness";
import { describe, expect } from "vitest";
import { fixtureLog } from "./fakeClis.ts";
import { RUN_ID, test } from "./harnessFixture.ts";
import { errorOf, okMeta, pollToEnd, startTask, waitForFile } from "./taskSteps.ts";

describe("result", () => {
  test("reads the whole log, the exit, the stderr tail and the duration, then cleans up", async ({
    harness,
  }) => {
    // The tail is the last 5 lines that are not warnings.
    const stderr = [
      ...Array.from({ length: 8 }, (_, index) => `line ${index + 1}`),
      "Warning: Basic terminal detected (TERM=dumb).",
    ].join("\n");
    okMeta(
      await startTask(harness, "claude", {
        scenario: {
          steps: [{ stdoutFile: fixtureLog("claude") }, { stderr: `${stderr}\n\n` }, { sleepMs: 300 }],
        },
      }),
    );
    await pollToEnd(harness, "claude");
    const meta = okMeta<ResultMeta>(await harness.call("result", { harness: "claude" }));
    expect(meta).toEqual({
      final_message: "I ran ls. Hello from the fake model.",
      session_id: "85b686e1-ef47-49d1-8fe2-1f417a920d23",
      exit_code: 0,
      turn_error: false,
      error: null,
      stderr_tail: ["line 4", "line 5", "line 6", "line 7", "line 8"],
      duration_ms: expect.any(Number),
      events: 5,
      unparsed: 0,
      version: "2.1.197",
      model: "claude-sonnet-4-5",
      cost_usd: 0.000282,
      usage: { input_tokens: 24, output_tokens: 14, cached_tokens: 0 },
    });
    expect(meta.duration_ms).toBeGreaterThanOrEqual(300);
    expect(readdirSync(harness.stateDir)).toEqual([]);
    const runDir = path.join(harness.home, ".runs", RUN_ID);
    expect(readdirSync(runDir)).toEqual(["c1.harness.jsonl"]);
    expect(errorOf(await harness.call("result", { harness: "claude" })).code).toBe("harness.gone");
  });

  test("a CLI that failed before printing an event: its exit code and stderr", async ({ harness }) => {
    okMeta(
      await startTask(harness, "codex", {
        scenario: { steps: [{ stderr: "Error: not logged in\nRun codex login\n" }], exitCode: 1 },
      }),
    );
    const polled = await pollToEnd(harness, "codex");
    expect(polled.lines).toEqual([]);
    const meta = okMeta<ResultMeta>(await harness.call("result", { harness: "codex" }));
    expect(meta).toMatchObject({
      final_message: "",
      session_id: null,
      exit_code: 1,
      events: 0,
      unparsed: 0,
      stderr_tail: ["Error: not logged in", "Run codex login"],
      version: "0.171.0",
    });
  });

  test("while the CLI runs it is harness.running", async ({ harness }) => {
    const gate = harness.file("gate");
    okMeta(await startTask(harness, "gemini", { scenario: { steps: [{ waitFor: gate }] } }));
    expect(errorOf(await harness.call("result", { harness: "gemini" })).code).toBe("harness.running");
    writeFileSync(gate, "");
    await pollToEnd(harness, "gemini");
    expect(okMeta<ResultMeta>(await harness.call("result", { harness: "gemini" })).exit_code).toBe(0);
  });

  test("an exit that was never recorded, nothing of the call alive, is result.unreadable", async ({
    harness,
  }) => {
    const gate = harness.file("gate");
    okMeta(await startTask(harness, "claude", { scenario: { steps: [{ waitFor: gate }] } }));
    const group = Number(await waitForFile(path.join(harness.stateDir, "c1.pid")));
    const record = JSON.parse(await waitForFile(path.join(harness.stateDir, "c1.json")));
    // The machine's OOM killer, say: the supervisor first, then the CLI.
    process.kill(record.supervisor_pid, "SIGKILL");
    process.kill(-group, "SIGKILL");
    const polled = await pollToEnd(harness, "claude");
    expect(polled.polls.at(-1)?.state).toBe("exited");
    expect(existsSync(path.join(harness.stateDir, "c1.exit"))).toBe(false);
    const error = errorOf(await harness.call("result", { harness: "claude" }));
    expect(error.code).toBe("result.unreadable");
  });
});
