// A real MCP client: the Claude Code CLI given `guilds mcp` in --mcp-config, driven by the fake model
// server into calling the guilds shell tool; the call is a call of the agent's run on the server.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GUILDS_BIN } from "../cli/runCli.ts";
import { startFakeHarnessModelServer } from "../fakes/fakeHarnessModelServer.ts";
import type { FakeModelServer } from "../fakes/fakeModelServer.ts";
import { testHarnessDir } from "../harnesses/testHarnessDir.ts";
import { useServeCase } from "../server/serveCases.ts";
import { onlyRun, served, until } from "./mcpServed.ts";

const installed = testHarnessDir();
if (installed.dir === null) console.warn(`skipping the Claude Code MCP client test: ${installed.reason}`);

const serveCase = useServeCase();

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runClaude(args: string[], environment: Record<string, string>, cwd: string): Promise<Ran> {
  const claude = path.join(installed.dir ?? "", "node_modules", ".bin", "claude");
  return new Promise((resolve, reject) => {
    const child = spawn(claude, args, { env: environment, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Claude Code's stream-json events of one `claude -p` run with `server` as its MCP server "guilds". */
async function claudeCalling(
  server: Record<string, unknown>,
  command: string,
  work: string,
  fake: FakeModelServer,
) {
  fake.enqueue(
    {
      type: "stream",
      blocks: [
        {
          type: "tool_call",
          id: "toolu_guilds_1",
          name: "mcp__guilds__shell",
          argChunks: [JSON.stringify({ command })],
        },
      ],
    },
    { type: "stream", blocks: [{ type: "text", chunks: ["It printed hello."] }] },
  );
  const config = path.join(work, "mcp.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { guilds: server } }));
  const ran = await runClaude(
    [
      "-p",
      "Run echo through the guilds shell tool.",
      "--output-format",
      "stream-json",
      "--verbose",
      "--model",
      "claude-sonnet-4-5",
      "--mcp-config",
      config,
      "--strict-mcp-config",
      "--allowedTools",
      "mcp__guilds__shell",
    ],
    {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: work,
      ANTHROPIC_API_KEY: "sk-ant-fake-mcp-0123456789",
      ANTHROPIC_BASE_URL: fake.origin,
      CLAUDE_CODE_MAX_RETRIES: "0",
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    },
    work,
  );
  expect(ran.code, `${ran.stderr}\n${ran.stdout}`).toBe(0);
  return ran.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The results of tool calls Claude Code's model read, as it logged them. */
function toolResults(events: Record<string, unknown>[]): unknown[] {
  return events.flatMap((event) => {
    const message = event.message as { content?: Array<Record<string, unknown>> } | undefined;
    return event.type === "user"
      ? (message?.content ?? []).filter((part) => part.type === "tool_result").map((part) => part.content)
      : [];
  });
}

describe.skipIf(installed.dir === null)("Claude Code as an MCP client of guilds", () => {
  let fake: FakeModelServer | undefined;
  const folders: string[] = [];
  const workFolder = () => {
    const work = mkdtempSync(path.join(tmpdir(), "guilds-mcp-claude-"));
    folders.push(work);
    return work;
  };
  beforeAll(async () => {
    fake = await startFakeHarnessModelServer();
  });
  afterAll(async () => {
    await fake?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  test("over guilds mcp (stdio): the model's call of mcp__guilds__shell is a call of the agent's run; the run ends as Claude Code exits", async () => {
    const setup = await served(serveCase);
    const events = await claudeCalling(
      {
        command: process.execPath,
        args: [GUILDS_BIN, "mcp", "--agent", "acme/sleeper"],
        env: { GUILDS_URL: setup.url, GUILDS_TOKEN: setup.agent.token },
      },
      "echo hello from claude code",
      workFolder(),
      fake as FakeModelServer,
    );
    const init = events.find((event) => event.type === "system" && event.subtype === "init");
    expect(init?.mcp_servers).toEqual([{ name: "guilds", status: "connected" }]);
    // What Claude Code's model read back from the tool is the run's stored result, byte for byte.
    const expected = "hello from claude code\n\nremaining_tool_calls: 99";
    expect(toolResults(events)).toEqual([[{ type: "text", text: expected }]]);

    const run = await onlyRun(setup);
    const calls = run.tool_calls as Array<Record<string, unknown>>;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tool: "shell", status: "completed", result: expected });
    expect(String((run.metadata as { client: { name: string } }).client.name)).toMatch(/^claude-code /);
    const ended = await until(
      () => onlyRun(setup),
      (value) => value.status !== "running",
      "the run to end",
    );
    expect(ended).toMatchObject({ status: "completed", status_reason: "the MCP session closed" });
  }, 180_000);

  test("over streamable HTTP (/mcp with the bearer token): the same call, the same stored result", async () => {
    const setup = await served(serveCase);
    const events = await claudeCalling(
      {
        type: "http",
        url: `${setup.url}/mcp?agent=acme/sleeper`,
        headers: { Authorization: `Bearer ${setup.agent.token}` },
      },
      "echo hello over http",
      workFolder(),
      fake as FakeModelServer,
    );
    const expected = "hello over http\n\nremaining_tool_calls: 99";
    expect(toolResults(events)).toEqual([[{ type: "text", text: expected }]]);
    const run = await onlyRun(setup);
    expect((run.tool_calls as Array<Record<string, unknown>>)[0]).toMatchObject({
      tool: "shell",
      status: "completed",
      result: expected,
    });
  }, 180_000);
});
