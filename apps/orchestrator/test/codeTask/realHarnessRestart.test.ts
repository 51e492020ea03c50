// A server killed with SIGKILL while the real Claude Code works on a code_task, then started again:
// the task ends interrupted, naming its session and its log. The machine died with the server (a
// bwrap sandbox dies with its parent), so there was nothing left to stop and no end checkpoint.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSampleRepository } from "../../src/repos/sampleRepository.ts";
import { runCliWithInput, type ServerProcess, startServer } from "../cli/cliProcess.ts";
import { runCli } from "../cli/runCli.ts";
import { startFakeHarnessModelServer } from "../fakes/fakeHarnessModelServer.ts";
import type { FakeModelServer } from "../fakes/fakeModelServer.ts";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the real harness restart test: ${installed.reason}`);

interface RunView {
  status: string;
  metadata: { harness_task?: { session_id: string | null } };
  tool_calls: { tool: string; status: string; result: string | null; metadata: Record<string, unknown> }[];
}

describe.skipIf(installed.dir === null)("a server restart mid-task, with the real Claude Code", () => {
  let home: string;
  let fake: FakeModelServer;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), "guilds-restart-"));
    chmodSync(home, 0o755);
    fake = await startFakeHarnessModelServer();
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) await server.stop();
    await fake?.close();
    rmSync(home, { recursive: true, force: true });
  });

  test("the task ends interrupted with its session and log; nothing stored is lost", {
    timeout: 300_000,
  }, async () => {
    const environment = {
      GUILDS_HOME: home,
      GUILDS_HARNESS_DIR: installed.dir ?? "",
      GUILDS_SANDBOX_NETWORK: "host",
    };
    const cli = async (args: string[], input?: string) => {
      const ran =
        input === undefined
          ? await runCli(args, environment)
          : await runCliWithInput(args, input, environment);
      expect(ran.code, ran.stderr).toBe(0);
      return ran.stdout;
    };
    const script = path.join(home, "script.json");
    writeFileSync(
      script,
      JSON.stringify({
        steps: [
          { type: "reply", tool_calls: [{ name: "code_task", args: { brief: "Think for a long time." } }] },
        ],
        final_text: "Done.",
      }),
    );
    const sample = await createSampleRepository(path.join(home, "sample", "tally"));
    await cli(["guild", "create", "acme"]);
    await cli(["repo", "add", "acme", "tally", sample]);
    const created = await cli([
      "agent",
      "create",
      "acme",
      "coder",
      "--provider",
      "scripted",
      "--script",
      script,
      "--harness",
      "claude",
      "--harness-model",
      "claude-sonnet-4-5",
    ]);
    const agentId = /\((ag_\w+)\)/.exec(created)?.[1] ?? "";
    await cli(["secret", "set", "acme/coder", "ANTHROPIC_API_KEY"], "sk-ant-fake-restart-0123456789");
    await cli(["secret", "set", "acme/coder", "ANTHROPIC_BASE_URL"], fake.origin);
    await cli(["secret", "set", "acme/coder", "CLAUDE_CODE_MAX_RETRIES"], "0");
    const token = (await cli(["token", "create", "me"])).trim();
    const api = async (server: ServerProcess, method: string, route: string, body?: unknown) => {
      const response = await fetch(`${server.url}${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Record<string, unknown>;
    };

    // The model's answer never ends: the CLI works until something stops it.
    fake.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Thinking"] }], hang: true });
    const first = await startServer(environment);
    servers.push(first);
    const runId = String((await api(first, "POST", `/api/agents/${agentId}/runs`, { message: "Go." })).id);
    let session: string | null = null;
    for (const deadline = Date.now() + 180_000; session === null; ) {
      if (Date.now() > deadline) throw new Error(`no session was reported: ${first.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const run = (await api(first, "GET", `/api/runs/${runId}`)) as unknown as RunView;
      session = run.metadata.harness_task?.session_id ?? null;
    }
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = await startServer(environment);
    servers.push(second);
    const run = (await api(second, "GET", `/api/runs/${runId}`)) as unknown as RunView;
    expect(run.status).toBe("interrupted");
    const task = run.tool_calls.find((call) => call.tool === "code_task");
    expect(task?.status).toBe("interrupted");
    const lines = (task?.result ?? "").split("\n");
    expect(lines[0]).toMatch(new RegExp(`^interrupted · Claude Code · tally · session ${session} · \\d+s$`));
    expect(task?.result).toMatch(/\n\nlog: \.runs\/run_\w+\/\w+\.harness\.jsonl\n/);
    expect(task?.metadata).toMatchObject({ status: "interrupted", session_id: session });
    // Its start checkpoint is named even though the machine, gone with the server, was not woken.
    expect(task?.metadata.start_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(task?.result).toContain(
      `The repository as it was before the task is at refs/guild/runs/${runId}/tasks/`,
    );
    expect(run.metadata.harness_task).toBeUndefined();
  });
});
