// A running shell command over MCP, in process: its output lines come as progress notifications
// while it runs; the result is the whole output, as the run stores it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { expect, test } from "vitest";
import { createMcpToolSession } from "../../src/mcp/mcpToolServer.ts";
import { createRunHarness } from "../runs/runFixture.ts";
import { useAcrossTests } from "../support/acrossTests.ts";

const harness = useAcrossTests(() => createRunHarness({ script: { steps: [] } }));

test("shell over MCP: its lines come as progress notifications while it runs", async () => {
  const session = createMcpToolSession((client) => harness.service.openClientRun(harness.agent.id, client));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await session.server.connect(serverSide);
  const client = new Client({ name: "shell-progress-test", version: "1" });
  await client.connect(clientSide);

  const progress: { progress: number; message?: string }[] = [];
  const result = await client.callTool(
    { name: "shell", arguments: { command: "for i in 1 2 3; do echo $i; sleep 1; done" } },
    undefined,
    { onprogress: (notification) => progress.push(notification), timeout: 60_000 },
  );
  expect(progress.length).toBeGreaterThanOrEqual(2);
  const lines = progress.flatMap((notification) => (notification.message ?? "").split("\n"));
  expect(lines.slice(0, 2)).toEqual(["1", "2"]);
  expect(result.content).toEqual([{ type: "text", text: expect.stringMatching(/^1\n2\n3\n/) }]);
  await client.close();
}, 120_000);
