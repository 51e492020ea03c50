// After a server restart: a code_task the dead server left running gets stop on its machine when the
// machine is running, its state cleared, its end checkpoint, and an interrupted result.
import { taskLogPath } from "@guilds/protocol/harness";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { describe, expect, test } from "vitest";
import { RESTART_REASON } from "../../src/app/startServices.ts";
import { ensureRepositoryCloned } from "../../src/repos/ensureRepositoryCloned.ts";
import { repositorySpecOf } from "../../src/repos/repositorySource.ts";
import { recoverCodeTasks } from "../../src/runs/recoverCodeTasks.ts";
import type { HelperTransport } from "../../src/toolbox/helperTransport.ts";
import { checkpointRef, takeCheckpoint } from "../../src/tools/codeTask/checkpoint.ts";
import { createHarnessTransport, harnessOps } from "../../src/tools/codeTask/harnessOps.ts";
import { providerSandboxes } from "../machines/providerSandboxes.ts";
import { createTestMachineRegistry } from "../runs/testMachineRegistry.ts";
import { useAcrossTests } from "../support/acrossTests.ts";
import {
  API_KEY,
  CLAUDE_SESSION,
  claudeEvents,
  createTaskHarness,
  REPOSITORY,
  type TaskHarness,
} from "./taskFixture.ts";

const silent = { info() {}, warn() {}, error() {} };

/** What a server that died mid-task leaves: a running run and call, harness_task, and (when asked) the harness running. */
async function leftByADeadServer(harness: TaskHarness, startHarness: boolean) {
  const { store } = harness;
  const run = await store.runs.create({ agentId: harness.agent.id });
  await store.messages.append(run.id, { role: "operator", content: { text: "Go." } });
  const args = JSON.stringify({ brief: "Add left.txt." });
  await store.messages.append(run.id, {
    role: "assistant",
    content: { text: "", tool_calls: [{ id: "toolu_left", name: "code_task", arguments: args }] },
  });
  const row = await store.toolCalls.create({
    runId: run.id,
    generationId: null,
    callId: "toolu_left",
    tool: "code_task",
    argumentsText: args,
    started: true,
  });
  await store.runs.patchMetadata(run.id, {
    harness_task: {
      call_id: row.id,
      harness: "claude",
      repository: REPOSITORY,
      session_id: null,
      log_path: taskLogPath(run.id, row.id),
    },
  });
  if (startHarness) {
    const machine = await harness.machine();
    const repository = (await store.repositories.list(harness.guild.id))[0];
    if (repository === undefined) throw new Error("no repository");
    await ensureRepositoryCloned(machine, repositorySpecOf(repository));
    await takeCheckpoint(machine, {
      repoFolder: `repos/${REPOSITORY}`,
      ref: checkpointRef(run.id, row.id, "start"),
    });
    await harness.bash("rm -rf ~/.fake-claude");
    await harness.setScenario({
      writeFile: { path: "left.txt", content: "left\n" },
      events: claudeEvents().slice(0, 1),
      hang: true,
    });
    const ops = harnessOps(createHarnessTransport(), {
      machine,
      runId: run.id,
      agentId: harness.agent.id,
      callId: row.id,
      repository: REPOSITORY,
      secrets: { ANTHROPIC_API_KEY: API_KEY },
      maxBytes: 8192,
    });
    await ops.start({
      harness: "claude",
      repo: REPOSITORY,
      model: null,
      effort: null,
      session_id: null,
      brief: "Add left.txt.",
    });
    for (
      let waited = 0;
      (await harness.bash("cat ~/.fake-claude/pid 2>/dev/null || true")) === "";
      waited += 1
    ) {
      if (waited > 200) throw new Error("the fake claude never started");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { run, row };
}

function recordingTransport(ops: string[]): HelperTransport {
  const inner = createHarnessTransport();
  return {
    run: (machine, request: HelperRequest, options) => {
      ops.push(request.op);
      return inner.run(machine, request, options);
    },
    close: () => inner.close(),
  };
}

const available = await providerSandboxes();

for (const { sandbox, label, skipReason } of available) {
  describe.skipIf(skipReason !== undefined)(`code_task recovery (${label})`, () => {
    const harness = useAcrossTests(() => createTaskHarness({ sandbox }));

    describe("recovering code tasks at startup", () => {
      test("machine running: stop, state cleared, end checkpoint, an interrupted result with session, log and start checkpoint", async () => {
        const { run, row } = await leftByADeadServer(harness, true);
        const ops: string[] = [];
        await recoverCodeTasks(
          {
            store: harness.store,
            events: harness.events,
            machines: harness.machines,
            logger: silent,
            harnesses: recordingTransport(ops),
          },
          RESTART_REASON,
        );
        expect(ops).toEqual(["stop", "result"]);
        const ended = await harness.store.toolCalls.get(row.id);
        expect(ended.status).toBe("interrupted");
        expect(ended.error).toBe(RESTART_REASON);
        const log = taskLogPath(run.id, row.id);
        const start = checkpointRef(run.id, row.id, "start");
        expect(ended.result).toMatch(
          new RegExp(
            `^interrupted · Claude Code · ${REPOSITORY} · session ${CLAUDE_SESSION} · \\d+s\n1 files changed, \\+1 \u22120\nleft\\.txt \\(\\+1 \u22120\\)\nThe server restarted while the harness was running, so the harness was stopped\\. Resume the session to continue\\.\nThe repository as it was before the task is at ${start}\\.\n\n\\(no final message\\)\n\nlog: ${log.replace(/\./g, "\\.")}\n\nremaining_tool_calls: \\d+$`,
          ),
        );
        expect(ended.metadata).toMatchObject({
          status: "interrupted",
          session_id: CLAUDE_SESSION,
          log_path: log,
          files_changed: 1,
        });
        expect(ended.metadata.start_sha).toMatch(/^[0-9a-f]{40}$/);
        expect(ended.metadata.end_sha).toMatch(/^[0-9a-f]{40}$/);
        expect(ended.resultSeq).not.toBeNull();
        expect((await harness.store.runs.get(run.id)).metadata.harness_task).toBeUndefined();
        const alive = await harness.bash(
          'kill -0 "$(cat ~/.fake-claude/pid)" 2>/dev/null && echo alive || echo gone',
        );
        expect(alive.trim()).toBe("gone");
        // Its state is cleared: a poll finds none.
        const machine = await harness.machine();
        const poll = await harnessOps(createHarnessTransport(), {
          machine,
          runId: run.id,
          agentId: harness.agent.id,
          callId: row.id,
          repository: REPOSITORY,
          secrets: {},
          maxBytes: 8192,
        }).poll("claude", 0);
        expect(poll.state).toBe("gone");
        const events = await harness.store.events.listForRun(run.id, 0, 100);
        expect(events.map((event) => event.type)).toEqual(["message.created", "tool.finished"]);

        // The run's own recovery then leaves the call and its result as they are.
        await harness.service.recoverInterrupted(RESTART_REASON);
        expect((await harness.store.toolCalls.get(row.id)).result).toBe(ended.result);
        expect((await harness.store.runs.get(run.id)).status).toBe("interrupted");
      });

      test("machine not running: nothing to stop, no end checkpoint", async () => {
        const { run, row } = await leftByADeadServer(harness, false);
        const ops: string[] = [];
        // A registry of the restarted server: its machines not started yet.
        const fresh = (await createTestMachineRegistry(harness.home, sandbox)).machines;
        await recoverCodeTasks(
          {
            store: harness.store,
            events: harness.events,
            machines: fresh,
            logger: silent,
            harnesses: recordingTransport(ops),
          },
          RESTART_REASON,
        );
        expect(ops).toEqual([]);
        const ended = await harness.store.toolCalls.get(row.id);
        expect(ended.status).toBe("interrupted");
        expect(ended.result).toMatch(
          new RegExp(
            `^interrupted · Claude Code · ${REPOSITORY} · session none · \\d+s\nThe server restarted while the harness was running, and its machine is not running: the harness ended with it\\. Resume the session to continue\\.\nThe repository as it was before the task is at refs/guild/runs/${run.id}/tasks/${row.id}/start\\.\n\n\\(no final message\\)\n\nlog: `,
          ),
        );
        expect(ended.metadata).toMatchObject({ end_sha: null, files_changed: null });
        expect((await harness.store.runs.get(run.id)).metadata.harness_task).toBeUndefined();
      });
    });
  });
}
