// A run an MCP client drives, in the browser against a real server: the SDK's client calls the
// agent's shell tool over /mcp while the run's page is open; the page names the client, shows each
// call live as it lands, and the run's end when the session closes.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mcpClientAt } from "../../orchestrator/test/mcp/mcpServed.ts";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import { rowOf, SELECTORS, waitForRunStatus } from "./lib/flowPage.ts";
import { createScriptedAgent, createWorkspace, type RunDetail } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's MCP run e2e test: ${browserMissing}`);

describe.skipIf(browserMissing !== null)("a run over MCP in the browser", () => {
  let e2e: E2e;
  let agentId: string;

  beforeAll(async () => {
    e2e = await openE2e();
    const { guildId } = await createWorkspace(e2e.server, "mcp");
    agentId = await createScriptedAgent(e2e.server, guildId, { name: "remote", script: { steps: [] } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  test("the page names the client, shows each call as it lands, and the run's end", async () => {
    const client = await mcpClientAt(e2e.server.url, e2e.server.token, agentId);
    await client.callTool({ name: "shell", arguments: { command: "echo first" } });
    const { runs } = await e2e.server.api<{ runs: { id: string }[] }>("GET", `/api/agents/${agentId}/runs`);
    const runId = runs[0]?.id ?? "";

    const page = await e2e.newPage();
    await page.goto(`/runs/${runId}`);
    await page.getByTestId("run-client").filter({ hasText: "over MCP from guilds-test 1.2.3" }).waitFor();
    await waitForRunStatus(page, "running");
    const first = (await e2e.server.api<RunDetail>("GET", `/api/runs/${runId}`)).tool_calls[0];
    await rowOf(page, { id: String(first?.id), call_id: String(first?.call_id) }).waitFor();

    // A call made while the page is open arrives live.
    await client.callTool({ name: "shell", arguments: { command: "echo second" } });
    await page.locator(SELECTORS.row).nth(1).waitFor({ timeout: 15_000 });
    await expect(page.locator(SELECTORS.row).count()).resolves.toBe(2);
    // The client drives the run: the composer says so rather than queue what the client would never read.
    await expect(page.getByLabel("Message", { exact: true }).isDisabled()).resolves.toBe(true);
    await page
      .getByText(
        "Its calls come over MCP from guilds-test 1.2.3: end that session, or cancel the run, to write to it.",
      )
      .waitFor();
    await screenshot(page, "mcp run", "live");

    await client.close();
    await waitForRunStatus(page, "completed", 30_000);
    await page.getByText("the MCP session closed").first().waitFor();
    await screenshot(page, "mcp run", "ended");
  }, 120_000);
});
