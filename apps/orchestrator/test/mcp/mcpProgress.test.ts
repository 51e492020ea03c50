// code_task over MCP, in process: the SDK's client on an in-memory transport to the session's server,
// the real run service, machine and guilds-harness, a fake claude printing recorded events.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { expect, test } from "vitest";
import { createMcpToolSession, MCP_METADATA_KEY } from "../../src/mcp/mcpToolServer.ts";
import { claudeEvents, createTaskHarness } from "../codeTask/taskFixture.ts";
import { useAcrossTests } from "../support/acrossTests.ts";

const harness = useAcrossTests(() => createTaskHarness({ sandbox: "unconfined" }));

test("code_task over MCP: its progress lines come as progress notifications; its result is the stored one", async () => {
  await harness.setScenario({
    writeFile: { path: "hello.txt", content: "hi\n" },
    events: claudeEvents(),
    eventDelayMs: 300,
  });
  const session = createMcpToolSession((client) => harness.service.openClientRun(harness.agent.id, client));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await session.server.connect(serverSide);
  const client = new Client({ name: "progress-test", version: "1" });
  await client.connect(clientSide);

  const progress: { progress: number; message?: string }[] = [];
  const result = await client.callTool(
    { name: "code_task", arguments: { brief: "Add hello.txt saying hi." } },
    undefined,
    { onprogress: (notification) => progress.push(notification), timeout: 120_000 },
  );
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.map((notification) => notification.progress)).toEqual(
    progress.map((_, index) => index + 1),
  );
  const lines = progress.flatMap((notification) => (notification.message ?? "").split("\n"));
  expect(lines[0]).toMatch(/^Claude Code started/);
  expect(lines).toContain("Bash: ls");

  const runs = await harness.store.runs.list({ agentId: harness.agent.id });
  const run = runs.find(
    (candidate) => (candidate.metadata.client as { name?: string } | undefined)?.name === "progress-test 1",
  );
  expect(run).toBeDefined();
  const [call] = await harness.store.toolCalls.list(String(run?.id));
  expect(call?.tool).toBe("code_task");
  expect(result.content).toEqual([{ type: "text", text: call?.result }]);
  expect(result._meta?.[MCP_METADATA_KEY]).toEqual(call?.metadata);
  expect(result._meta?.[MCP_METADATA_KEY]).toMatchObject({
    harness: "claude",
    status: "completed",
    files_changed: 1,
  });
  await client.close();
}, 180_000);
