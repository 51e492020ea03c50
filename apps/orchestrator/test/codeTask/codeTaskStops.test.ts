// Every way a code_task is cut short, through the run engine: the real machine and guilds-harness,
// a fake claude that hangs until it is stopped.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ServerStop } from "../../src/runs/serverStop.ts";
import { providerSandboxes } from "../machines/providerSandboxes.ts";
import { useAcrossTests } from "../support/acrossTests.ts";
import {
  CLAUDE_SESSION,
  claudeEvents,
  createTaskHarness,
  finishedTask,
  firstProgress,
  REPOSITORY,
  startTask,
  type TaskHarness,
} from "./taskFixture.ts";

/** The init event, then nothing until the harness is stopped. */
const hanging = () => ({ events: claudeEvents().slice(0, 1), hang: true });

// A minute of timeout_minutes lasts 4 seconds here.
const TIMING = { minuteMs: 4_000, pollIntervalMs: 250 };

async function fakeClaudeAlive(harness: TaskHarness): Promise<boolean> {
  const said = await harness.bash(
    'kill -0 "$(cat ~/.fake-claude/pid)" 2>/dev/null && echo alive || echo gone',
  );
  return said.trim() === "alive";
}

const available = await providerSandboxes();

for (const { sandbox, label, skipReason } of available) {
  describe.skipIf(skipReason !== undefined)(`code_task cut short (${label})`, () => {
    const harness = useAcrossTests(() => createTaskHarness({ timing: TIMING, sandbox }));

    describe("a task cut short", () => {
      test("timeout: stopped after timeout_minutes, with the session to resume", async () => {
        const runId = await startTask(harness, { brief: "Take your time.", timeout_minutes: 1 }, hanging());
        const { ended, task } = await finishedTask(harness, runId);
        expect(ended.data).toMatchObject({ status: "completed" });
        expect(task.status).toBe("failed");
        const lines = task.result.split("\n");
        expect(lines[0]).toMatch(
          // A machine under heavy load may not let the fake print its session within the minute.
          new RegExp(`^timed_out · Claude Code · ${REPOSITORY} · session (${CLAUDE_SESSION}|none) · \\d+s$`),
        );
        expect(lines[1]).toBe("no files changed");
        expect(lines[2]).toBe("Stopped after 1 minutes. Resume the session to continue.");
        expect(task.metadata).toMatchObject({ status: "timed_out", files_changed: 0 });
        expect(harness.ops.slice(-2)).toEqual(["stop", "result"]);
        expect(await fakeClaudeAlive(harness)).toBe(false);
      });

      test("cancel while running: stop, with the page's detail; the run ends cancelled", async () => {
        const progress = firstProgress(harness);
        const runId = await startTask(harness, { brief: "Work until cancelled." }, hanging());
        await progress;
        await harness.service.cancel(runId);
        const { ended, task } = await finishedTask(harness, runId);
        expect(ended.data).toMatchObject({ status: "cancelled" });
        expect(task.status).toBe("cancelled");
        expect(task.result.split("\n")[0]).toMatch(/^cancelled · Claude Code · tally · session /);
        expect(task.result.split("\n")[2]).toBe("Stopped: the generation was cancelled.");
        expect(task.metadata).toMatchObject({ status: "cancelled", cancelled: true });
        expect(harness.ops).toContain("stop");
        expect(await fakeClaudeAlive(harness)).toBe(false);
        expect((await harness.store.runs.get(runId)).metadata.harness_task).toBeUndefined();
      });

      test("cancel before start: the harness never starts", async () => {
        await harness.bash("rm -rf ~/.fake-claude");
        const runId = await startTask(harness, { brief: "Never run." }, hanging(), (request) => {
          if (request.op === "check") void harness.service.cancel(request.run_id);
        });
        const { ended, task } = await finishedTask(harness, runId);
        expect(ended.data).toMatchObject({ status: "cancelled" });
        expect(task.status).toBe("cancelled");
        expect(task.result).toMatch(
          /^cancelled · Claude Code · tally · session none · \d+s\nno files changed\nThe generation was cancelled before the harness started\.\n\n\(no final message\)\n\nremaining_tool_calls: \d+$/,
        );
        expect(task.metadata).toMatchObject({ files_changed: 0, insertions: 0, deletions: 0, end_sha: null });
        expect(harness.ops).toEqual(["check"]);
        expect(await harness.bash("ls ~/.fake-claude")).toBe("scenario.json\n");
      });

      test("three failed polls in a row: stopped, interrupted", async () => {
        const runId = await startTask(harness, { brief: "Nobody hears you." }, hanging(), (request) => {
          if (request.op === "poll") throw new Error("the poll was lost on the way");
        });
        const { task } = await finishedTask(harness, runId);
        expect(task.result.split("\n")[0]).toMatch(/^interrupted · Claude Code · tally · session /);
        expect(task.result.split("\n")[2]).toBe(
          "The harness stopped answering, so it was stopped. Resume the session to continue.",
        );
        expect(harness.ops).toEqual(["check", "start", "poll", "poll", "poll", "stop", "result"]);
        expect(await fakeClaudeAlive(harness)).toBe(false);
      });

      test("the machine restarted under the harness: its state is gone, no stop is sent", async () => {
        const progress = firstProgress(harness);
        const runId = await startTask(harness, { brief: "Lose your state." }, hanging());
        await progress;
        await (await harness.machine()).stop();
        const { task } = await finishedTask(harness, runId);
        expect(task.result.split("\n")[0]).toBe(
          `interrupted · Claude Code · tally · session ${CLAUDE_SESSION} · ${task.result.split(" · ")[4]?.split("\n")[0]}`,
        );
        expect(task.result).toContain(
          "\nThe harness's state is gone: the machine restarted or its container was recreated.\n",
        );
        expect(task.metadata).toMatchObject({ status: "interrupted", session_id: CLAUDE_SESSION });
        expect(harness.ops).not.toContain("stop");
        expect(harness.ops).not.toContain("result");
      });
    });

    // Last, with a harness of its own: the server's close ends its run service.
    describe("a task when the server stops", () => {
      let own: TaskHarness;
      beforeAll(async () => {
        own = await createTaskHarness({ timing: TIMING, sandbox });
      });
      afterAll(async () => {
        await own?.dispose();
      });

      test("the server stopping while it runs: stop, and the task ends interrupted, to resume", async () => {
        const progress = firstProgress(own);
        const runId = await startTask(own, { brief: "Work until the server stops." }, hanging());
        await progress;
        const closed = own.service.close(new ServerStop("SIGTERM"));
        const { ended, task } = await finishedTask(own, runId);
        await closed;
        expect(ended.data).toMatchObject({ status: "interrupted" });
        expect(task.result.split("\n")[0]).toMatch(/^interrupted · Claude Code · tally · session /);
        expect(task.result.split("\n")[2]).toBe(
          "The server stopped, so the harness was stopped. Resume the session to continue.",
        );
        expect(task.metadata).toMatchObject({ status: "interrupted" });
        expect(own.ops).toContain("stop");
      });
    });
  });
}
