// Any user of the host can read every process's command line (/proc/<pid>/cmdline), so no secret
// value may ever be on one: not the agent's secrets, not a repository token, not inside a helper
// request's base64. Every tool runs with secrets set while a worker reads every command line of the
// host, over and over.
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createHelperTransport } from "../../src/toolbox/helperTransport.ts";
import { codeSearchTool } from "../../src/tools/codeSearch/codeSearch.ts";
import { fileReadTool } from "../../src/tools/fileRead/fileRead.ts";
import { shellTool } from "../../src/tools/shell/shell.ts";
import { shellStatusTool } from "../../src/tools/shellStatus/shellStatus.ts";
import { standaloneToolContext } from "../../src/tools/standaloneToolContext.ts";
import type { Tool } from "../../src/tools/tool.ts";
import { createTaskHarness, finishedTask, startTask, type TaskHarness } from "../codeTask/taskFixture.ts";
import { startFakeHarnessModelServer } from "../fakes/fakeHarnessModelServer.ts";
import type { FakeModelServer } from "../fakes/fakeModelServer.ts";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { usePerTest } from "../support/acrossTests.ts";
import { watchCommandLines } from "./commandLineWatch.ts";
import { sandboxes, startMachine, type TestMachine } from "./machineFixture.ts";

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const available = await sandboxes();

const SECRETS = {
  MY_TOKEN: `my-token-${randomUUID()}`,
  DATABASE_URL: `postgres://app:${randomUUID()}@db.invalid/app`,
};
const REPOSITORY_TOKEN = `ghp_${randomUUID().replaceAll("-", "")}`;

describe.each(available)("the code tools, with secrets set ($label)", ({ sandbox, skipReason }) => {
  const machine = usePerTest(() => startMachine(sandbox), skipReason);

  test.skipIf(skipReason)("both transports: no secret value on any command line of the host", async () => {
    const watch = watchCommandLines({ ...SECRETS, REPOSITORY_TOKEN });
    for (const mode of ["one-shot", "session"] as const) await callEveryTool(machine, mode);
    const seen = await watch.stop();
    expect(seen.leaks).toEqual([]);
    expect(seen.scans).toBeGreaterThan(10);
    // The watch did see the one-shot helpers' requests on their command lines.
    expect(seen.requests.length).toBeGreaterThan(0);
    // Each file that carried a call's secrets instead was deleted by its helper.
    const requests = path.join(machine.root, "run", "requests");
    expect(existsSync(requests) ? readdirSync(requests) : []).toEqual([]);
  });
});

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the code_task part: ${installed.reason}`);

describe.skipIf(installed.dir === null)("code_task with the real Claude Code CLI, with secrets set", () => {
  const KEY = `sk-ant-api03-${randomUUID()}`;
  let fake: FakeModelServer;
  let harness: TaskHarness;
  let secrets: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeHarnessModelServer();
    secrets = { ...SECRETS, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.origin };
    harness = await createTaskHarness({
      harnessDir: installed.dir ?? "",
      network: "host",
      harness: "claude",
      harnessModel: "claude-sonnet-4-5",
      secrets,
      timing: { pollIntervalMs: 500 },
    });
  });
  afterAll(async () => {
    await harness?.dispose();
    await fake?.close();
  });

  test("no secret value on any command line of the host, from check to result", async () => {
    fake.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Looked, changed nothing."] }] });
    const watch = watchCommandLines(secrets);
    const { task } = await finishedTask(harness, await startTask(harness, { brief: "Look around." }, null));
    const seen = await watch.stop();
    expect(task.status, task.result).toBe("completed");
    expect(seen.leaks).toEqual([]);
    // The watch did see guilds-harness requests on their command lines.
    expect(seen.requests.length).toBeGreaterThan(0);
  });
});

/** shell (foreground and background), shell_status, file_read and code_search, each with the secrets. */
async function callEveryTool(machine: TestMachine, mode: "one-shot" | "session"): Promise<void> {
  const helpers = createHelperTransport({ mode });
  let callNumber = 0;
  const call = async (tool: Tool, args: Record<string, unknown>) => {
    callNumber += 1;
    const context = standaloneToolContext({
      machine: machine.machine,
      helpers,
      runId: "run1",
      agentId: "agent1",
      callId: `${mode}-call${callNumber}`,
      defaultCwd: "",
      secrets: SECRETS,
      repoTokens: { app: REPOSITORY_TOKEN },
      maxBytes: 8192,
    });
    const result = await tool.run(args, context);
    expect(result.ok, result.text).toBe(true);
    return result.text;
  };
  try {
    // Long enough that a one-shot helper is on the host's process list for a while.
    const counted = await call(shellTool, { command: 'sleep 0.3; printf %s "$MY_TOKEN" | wc -c' });
    expect(counted.trim()).toBe(String(SECRETS.MY_TOKEN.length));
    await call(shellTool, { command: "printf 'a line to find\\n' > notes.txt" });
    const started = await call(shellTool, { command: "sleep 1", background: true });
    const id = /started (b\d+)/.exec(started)?.[1] ?? "b1";
    await call(shellStatusTool, {});
    await call(shellStatusTool, { id });
    expect(await call(fileReadTool, { path: "notes.txt" })).toContain("a line to find");
    expect(await call(codeSearchTool, { pattern: "line to find" })).toContain("notes.txt");
  } finally {
    helpers.close();
  }
}
