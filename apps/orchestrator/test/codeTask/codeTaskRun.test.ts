// code_task through the run engine: the real machine, the real guilds-harness, a fake claude
// printing recorded events. Then what the task kept, through the harness log and diff API.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { describe, expect, test } from "vitest";
import { storeTaskArtifacts } from "../../src/runs/storeTaskArtifacts.ts";
import type { HarnessTaskMetadata } from "../../src/store/runStore.ts";
import { providerSandboxes } from "../machines/providerSandboxes.ts";
import { useAcrossTests } from "../support/acrossTests.ts";
import {
  API_KEY,
  CLAUDE_SESSION,
  claudeEvents,
  createTaskHarness,
  finishedTask,
  firstProgress,
  REPOSITORY,
  startTask,
  taskApi,
} from "./taskFixture.ts";

/** The recorded events with a tool use whose command is long and an assistant message holding the key. */
function eventsWithSecrets(): string[] {
  const [init, toolUse, toolResult, text, result] = claudeEvents().map((line) => JSON.parse(line));
  toolUse.message.content[0].input.command = `curl -H "x-api-key: ${API_KEY}" https://example.invalid/${"a".repeat(400)}`;
  text.message.content[0].text = `I used ${API_KEY} to call the API.`;
  result.result = `Called it with ${API_KEY}.`;
  return [init, toolUse, toolResult, text, result].map((event) => JSON.stringify(event));
}

const available = await providerSandboxes();

for (const { sandbox, label, skipReason } of available) {
  describe.skipIf(skipReason !== undefined)(`code_task (${label})`, () => {
    const harness = useAcrossTests(() => createTaskHarness({ sandbox }));

    describe("a completed task", () => {
      let runId = "";
      let callId = "";

      test("the harness changes a file: the diffstat, the end checkpoint, the final message and the log", async () => {
        await harness.store.notes.set(harness.guild.id, {
          path: "runbooks/style.md",
          content: "Keep lines short.",
        });
        runId = await startTask(
          harness,
          { brief: "Add hello.txt saying hi.", notes: ["runbooks/style.md"] },
          { writeFile: { path: "hello.txt", content: "hi\n" }, events: claudeEvents() },
        );
        const { ended, task } = await finishedTask(harness, runId);
        expect(ended.data).toMatchObject({ status: "completed" });
        expect(task.status).toBe("completed");
        callId = task.tool_call_id;
        const log = `.runs/${runId}/${callId}.harness.jsonl`;
        const [statusLine, ...rest] = task.result.split("\n");
        expect(statusLine).toMatch(
          new RegExp(`^completed · Claude Code · ${REPOSITORY} · session ${CLAUDE_SESSION} · \\d+s$`),
        );
        expect(rest.join("\n")).toBe(
          `1 files changed, +1 \u22120\nhello.txt (+1 \u22120)\n\nI ran ls. Hello from the fake model.\n\nlog: ${log}\n\nremaining_tool_calls: 99`,
        );
        expect(task.metadata).toMatchObject({
          harness: "claude",
          status: "completed",
          session_id: CLAUDE_SESSION,
          repository: REPOSITORY,
          exit_code: 0,
          files_changed: 1,
          insertions: 1,
          deletions: 0,
          log_path: log,
          cost_usd: 0.000282,
          usage: { input_tokens: 24, output_tokens: 14 },
        });
        // The harness's own report (the recorded claude result's total_cost_usd and usage) counts
        // into the run's totals; the scripted model reported none.
        const totals = await harness.store.runs.get(runId);
        expect(totals.usage).toEqual({ inputTokens: 24, outputTokens: 14, cachedTokens: 0 });
        expect(totals.costUsd).toBeCloseTo(0.000282, 12);
        const startSha = String(task.metadata.start_sha);
        const endSha = String(task.metadata.end_sha);
        expect(startSha).toMatch(/^[0-9a-f]{40}$/);
        expect(endSha).toMatch(/^[0-9a-f]{40}$/);
        expect(endSha).not.toBe(startSha);
        const refs = await harness.bash(
          `git -C repos/${REPOSITORY} rev-parse refs/guild/runs/${runId}/tasks/${callId}/start refs/guild/runs/${runId}/tasks/${callId}/end`,
        );
        expect(refs).toBe(`${startSha}\n${endSha}\n`);
        // The brief the harness read on its stdin: the preamble, the task, the note; not on its argv.
        const brief = await harness.bash("cat ~/.fake-claude/brief.md");
        expect(brief).toContain("You cannot reach the operator");
        expect(brief).toContain(
          "# Task\n\nAdd hello.txt saying hi.\n\n# runbooks/style.md\n\nKeep lines short.\n",
        );
        expect(await harness.bash("cat ~/.fake-claude/argv.json")).not.toContain("hello");
        expect((await harness.store.runs.get(runId)).metadata.harness_task).toBeUndefined();
        expect(harness.ops.slice(0, 2)).toEqual(["check", "start"]);
        expect(harness.ops.at(-1)).toBe("result");
        expect(harness.ops.slice(2, -1).every((op) => op === "poll")).toBe(true);
      });

      test("its log, redacted, from the agent's machine", async () => {
        const tasks = storeTaskArtifacts(harness.store, harness.machines);
        const log = await tasks.log(runId, callId);
        expect(log.events).toBe(5);
        expect(log.unparsed).toBe(0);
        expect(log.lines_truncated).toBe(false);
        expect(log.raw_truncated).toBe(false);
        expect(log.raw.split("\n").filter(Boolean)).toHaveLength(5);
        expect(log.bytes).toBe(Buffer.byteLength(claudeEvents().join("\n")) + 1);
        expect(log.lines).toContain("Bash: ls");
        expect(log.lines.every((line) => Array.from(line).length <= 240)).toBe(true);
      });

      test("its diff, start checkpoint to end checkpoint", async () => {
        const tasks = storeTaskArtifacts(harness.store, harness.machines);
        const diff = await tasks.diff(runId, callId);
        expect(diff.truncated).toBe(false);
        expect(diff.diff).toContain("+++ b/hello.txt");
        expect(diff.diff).toContain("+hi");
        const row = (await harness.store.toolCalls.list(runId))[0];
        expect(diff).toMatchObject({ start_sha: row?.metadata.start_sha, end_sha: row?.metadata.end_sha });
      });

      test("the API: 404 for a call with no harness log, without waking the machine; 404 once the log is gone", async () => {
        const machines = {
          forAgent: () => {
            throw new Error("the machine was woken");
          },
        };
        const shell = await harness.store.toolCalls.create({
          runId,
          generationId: null,
          callId: "call_shell",
          tool: "shell",
          argumentsText: "{}",
        });
        const get = await taskApi(harness, machines);
        for (const which of ["log", "diff"]) {
          const answer = await get(`/api/runs/${runId}/tasks/${shell.id}/${which}`);
          expect(answer.status).toBe(404);
        }
        expect(await get(`/api/runs/${runId}/tasks/${shell.id}/log`)).toEqual({
          status: 404,
          body: { error: { code: "task_log.not_found", message: "that call has no harness log" } },
        });
        expect((await get(`/api/runs/${runId}/tasks/${shell.id}/diff`)).body).toEqual({
          error: { code: "task_diff.not_found", message: "that call has no task diff" },
        });

        const live = await taskApi(harness);
        const read = await live(`/api/runs/${runId}/tasks/${callId}/log`);
        expect(read.status).toBe(200);
        expect(read.body).toMatchObject({ events: 5, unparsed: 0 });
        await harness.bash(`rm .runs/${runId}/${callId}.harness.jsonl`);
        const gone = await live(`/api/runs/${runId}/tasks/${callId}/log`);
        expect(gone.status).toBe(404);
        expect(gone.body).toMatchObject({ error: { code: "task_log.gone" } });
      });
    });

    describe("while the harness works", () => {
      test("tool.progress: redacted, cut at 240 characters, live only; metadata.harness_task names the call", async () => {
        const seen: RunEventEnvelope[] = harness.watch();
        const progress = firstProgress(harness);
        const runId = await startTask(
          harness,
          { brief: "Call the API." },
          { events: eventsWithSecrets(), eventDelayMs: 600 },
        );
        const first = await progress;
        const during = (await harness.store.runs.get(runId)).metadata.harness_task as HarnessTaskMetadata;
        const { task } = await finishedTask(harness, runId);
        const callId = task.tool_call_id;
        expect(first.data).toMatchObject({ type: "tool.progress", run_id: runId, tool_call_id: callId });
        expect(during).toEqual({
          call_id: callId,
          harness: "claude",
          repository: REPOSITORY,
          session_id: CLAUDE_SESSION,
          log_path: `.runs/${runId}/${callId}.harness.jsonl`,
          start_sha: task.metadata.start_sha,
        });
        expect(during.start_sha).toMatch(/^[0-9a-f]{40}$/);

        const lines = seen.flatMap((event) =>
          event.data.type === "tool.progress" && event.data.run_id === runId ? event.data.lines : [],
        );
        expect(lines[0]).toMatch(/^Claude Code started/);
        const bash = lines.find((line) => line.startsWith("Bash: "));
        expect(bash).toMatch(/^Bash: curl -H "x-api-key: \[redacted\]" https:\/\/example\.invalid\/a+…$/);
        expect(Array.from(bash ?? "")).toHaveLength(240);
        expect(lines).toContain("I used [redacted] to call the API.");
        expect(JSON.stringify(seen)).not.toContain(API_KEY);
        const sessions = seen.flatMap((event) =>
          event.data.type === "tool.progress" ? [event.data.session_id] : [],
        );
        expect(sessions.at(-1)).toBe(CLAUDE_SESSION);
        // Progress is not stored: a replay of the run has none.
        const stored = await harness.store.events.listForRun(runId, 0, 1000);
        expect(stored.map((event) => event.type)).not.toContain("tool.progress");
        expect(task.result).toContain("\n\nCalled it with [redacted].\n\nlog: ");
        expect((await harness.store.runs.get(runId)).metadata.harness_task).toBeUndefined();
        // The kept log holds the key (as a shell log does); the API never shows it.
        expect(await harness.bash(`grep -c "${API_KEY}" .runs/${runId}/${callId}.harness.jsonl`)).toBe("3\n");
        const log = await storeTaskArtifacts(harness.store, harness.machines).log(runId, callId);
        expect(JSON.stringify(log)).not.toContain(API_KEY);
        expect(log.raw).toContain('"text":"I used [redacted] to call the API."');
        expect(log.lines).toContain(bash);
      });
    });

    describe("a failed turn", () => {
      test("the harness's error, first line", async () => {
        const events = readFileSync(
          fileURLToPath(new URL("./fixtures/claude-error-401.jsonl", import.meta.url)),
          "utf8",
        )
          .split("\n")
          .filter(Boolean);
        const runId = await startTask(harness, { brief: "Fail." }, { events, exitCode: 1 });
        const { task } = await finishedTask(harness, runId);
        expect(task.status).toBe("failed");
        const lines = task.result.split("\n");
        expect(lines[0]).toMatch(
          /^failed · Claude Code · tally · session c8fdccf0-79fe-4ec8-9352-901aa40ea1fb · \d+s$/,
        );
        expect(lines[1]).toBe("no files changed");
        expect(lines[2]).toBe("Invalid API key · Fix external API key");
        expect(task.metadata).toMatchObject({ status: "failed", exit_code: 1 });
      });

      test("a CLI that printed no event: the last lines of its stderr", async () => {
        const stderr =
          "starting\nError: --dangerously-skip-permissions cannot be used with root/sudo privileges\n";
        const runId = await startTask(harness, { brief: "Refuse." }, { events: [], stderr, exitCode: 1 });
        const { task } = await finishedTask(harness, runId);
        expect(task.result).toMatch(
          /^failed · Claude Code · tally · session none · \d+s\nno files changed\nstarting\nError: --dangerously-skip-permissions cannot be used with root\/sudo privileges\n\n\(no final message\)\n\nlog: /,
        );
      });
    });

    describe("steps that fail the call", () => {
      test("an unknown repository names the guild's repositories; a missing note fails the call", async () => {
        const runId = await startTask(harness, { brief: "x", repo: "nope" }, {});
        const { task } = await finishedTask(harness, runId);
        expect(task.status).toBe("failed");
        expect(task.metadata).toEqual({ error_code: "repository.unknown" });
        expect(task.result).toMatch(
          /^The code_task call failed: The guild has no repository named "nope"\. Its repositories are: tally\./,
        );
        const noted = await startTask(harness, { brief: "x", notes: ["missing.md"] }, {});
        const missing = (await finishedTask(harness, noted)).task;
        expect(missing.metadata).toEqual({ error_code: "note.missing" });
        expect(harness.ops).toEqual(["check"]);
      });

      test("no harness picked is harness.missing, before anything runs in the machine", async () => {
        await harness.store.agents.update(harness.agent.id, { harness: null });
        try {
          const runId = await startTask(harness, { brief: "x" }, {});
          const { task } = await finishedTask(harness, runId);
          expect(task.metadata).toEqual({ error_code: "harness.missing" });
          expect(harness.ops).toEqual([]);
        } finally {
          await harness.store.agents.update(harness.agent.id, { harness: "claude" });
        }
      });
    });
  });
}
