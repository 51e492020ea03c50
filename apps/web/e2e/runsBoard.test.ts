// The runs board, the running count, the tab's attention mark and the end notification, in the
// browser against a real server: runs of two guilds filtered by status, guild, agent and text; a
// run started and ended through the API appearing and changing on an open board with no reload;
// the count in the top bar of every page; an MCP client's run waiting between its calls; a run ending unseen marking the tab until looked at; and
// a watched run's end making a browser notification.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mcpClientAt } from "../../orchestrator/test/mcp/mcpServed.ts";
import { screenshot, screenshotBothSchemes } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import { createScriptedAgent, createWorkspace, runEnded } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the runs board e2e tests: ${browserMissing}`);

const QUICK = { steps: [], final_text: "Done." };
/** A model call that goes on until the run is cancelled: the run stays running. */
const WAITER = { steps: [{ type: "wait_for_cancel" as const, text: "Working until you cancel." }] };
/** One answer of 1,000 tokens in and 100 out: at $3 and $15 a million, $0.0045. */
const PRICED = {
  steps: [
    {
      type: "reply" as const,
      text: "Counted.",
      usage: { input_tokens: 1000, output_tokens: 100, cached_tokens: 0 },
    },
  ],
};
/** A provider failure after a moment: the run fails. */
const BREAKER = {
  steps: [
    { type: "error" as const, code: "provider.error" as const, message: "Scripted failure.", delay_ms: 1500 },
  ],
};

/** Records every Notification the page makes (headless chromium shows none). */
function recordNotifications(): void {
  const records: { title: string; body: string | undefined }[] = [];
  (window as unknown as { notifications: typeof records }).notifications = records;
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title: string, options?: NotificationOptions) {
      records.push({ title, body: options?.body });
      super(title, options);
    }
  }
  window.Notification = Recorded;
}

describe.skipIf(browserMissing !== null)("the runs board", () => {
  let e2e: E2e;
  const guilds: Record<string, string> = {};
  const agents: Record<string, string> = {};

  async function startRun(agent: string, message: string): Promise<string> {
    const agentId = agents[agent] ?? "";
    return (await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, { message })).id;
  }

  const rows = (page: Page) => page.locator(".run-row");
  const rowOf = (page: Page, runId: string) => page.locator(`.run-row[data-run-id="${runId}"]`);
  const badgeOf = (page: Page, runId: string) => rowOf(page, runId).locator(".run-status-badge");
  const runningCount = (page: Page) => page.getByTestId("running-count");

  beforeAll(async () => {
    e2e = await openE2e();
    for (const name of ["alpha", "beta"]) {
      guilds[name] = (await e2e.server.api<{ id: string }>("POST", "/api/guilds", { name })).id;
    }
    agents.quick = await createScriptedAgent(e2e.server, guilds.alpha ?? "", {
      name: "quick",
      script: QUICK,
    });
    agents.breaker = await createScriptedAgent(e2e.server, guilds.beta ?? "", {
      name: "breaker",
      script: BREAKER,
    });
    agents.waiter = await createScriptedAgent(e2e.server, guilds.beta ?? "", {
      name: "waiter",
      script: WAITER,
    });
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  test("every guild's runs, newest first, filtered by status, guild, agent and text", async () => {
    const deploy = await startRun("quick", "Deploy the parser\nto staging, carefully");
    await runEnded(e2e.server, deploy);
    const flaky = await startRun("breaker", "Fix the flaky test");
    expect((await runEnded(e2e.server, flaky)).status).toBe("failed");

    const page = await e2e.newPage();
    await page.goto("/runs");
    await rowOf(page, flaky).waitFor();
    await expect(rows(page).count()).resolves.toBe(2);
    await expect(rows(page).nth(0).getAttribute("data-run-id")).resolves.toBe(flaky);
    await expect(rows(page).nth(1).getAttribute("data-run-id")).resolves.toBe(deploy);
    await expect(badgeOf(page, flaky).textContent()).resolves.toBe("failed");
    await expect(badgeOf(page, deploy).textContent()).resolves.toBe("completed");
    await expect(rowOf(page, deploy).locator(".run-row-link").textContent()).resolves.toBe(
      "Deploy the parser",
    );
    await expect(rowOf(page, deploy).locator(".board-row-owner").textContent()).resolves.toBe(
      "quick in alpha",
    );
    await screenshotBothSchemes(page, "runs board", "all runs");

    await page.getByRole("button", { name: "failed", exact: true }).click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await expect(rows(page).first().getAttribute("data-run-id")).resolves.toBe(flaky);
    expect(new URL(page.url()).search).toBe("?status=failed");
    await page.getByRole("button", { name: "completed", exact: true }).click();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole("button", { name: "failed", exact: true }).click();
    await page.getByRole("button", { name: "completed", exact: true }).click();

    await page.getByLabel("Guild").selectOption({ label: "alpha" });
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await expect(rows(page).first().getAttribute("data-run-id")).resolves.toBe(deploy);
    await page.getByLabel("Guild").selectOption({ label: "beta" });
    await page.getByLabel("Agent").selectOption({ label: "breaker" });
    await expect.poll(() => rows(page).first().getAttribute("data-run-id"), { timeout: 15_000 }).toBe(flaky);
    await expect(rows(page).count()).resolves.toBe(1);
    await page.getByLabel("Agent").selectOption({ label: "waiter" });
    await page.getByText("No run matches these filters.").waitFor();
    await page.getByLabel("Guild").selectOption({ label: "All guilds" });

    // The search reads the messages too: "staging" is only in the first message's second line.
    await page.getByLabel("Search").fill("STAGING");
    await expect.poll(() => new URL(page.url()).searchParams.get("q"), { timeout: 15_000 }).toBe("STAGING");
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await expect(rows(page).first().getAttribute("data-run-id")).resolves.toBe(deploy);
    await screenshot(page, "runs board", "searched");
    await page.reload();
    await rowOf(page, deploy).waitFor();
    await expect(page.getByLabel("Search").inputValue()).resolves.toBe("STAGING");
    await expect(rows(page).count()).resolves.toBe(1);
  }, 180_000);

  test("live: a run that starts shows running, then its end, with no reload; the count on every page", async () => {
    const board = await e2e.newPage();
    await board.goto("/runs");
    await board.locator(".run-row").first().waitFor();
    const elsewhere = await e2e.newPage();
    await elsewhere.goto(`/guilds/${guilds.alpha}`);
    await expect.poll(() => runningCount(elsewhere).textContent(), { timeout: 15_000 }).toBe("0 running");
    const before = await rows(board).count();

    const runId = await startRun("waiter", "Wait for me");
    await rowOf(board, runId).waitFor({ timeout: 30_000 });
    await expect(rows(board).first().getAttribute("data-run-id")).resolves.toBe(runId);
    await expect(badgeOf(board, runId).textContent()).resolves.toBe("running");
    await expect.poll(() => runningCount(board).textContent(), { timeout: 15_000 }).toBe("1 running");
    await expect.poll(() => runningCount(elsewhere).textContent(), { timeout: 15_000 }).toBe("1 running");
    await screenshot(board, "runs board", "a run started live");
    await screenshot(elsewhere, "runs board", "running count on a guild page");

    await e2e.server.api("POST", `/api/runs/${runId}/cancel`);
    await expect.poll(() => badgeOf(board, runId).textContent(), { timeout: 30_000 }).toBe("cancelled");
    await expect(rows(board).count()).resolves.toBe(before + 1);
    await expect.poll(() => runningCount(elsewhere).textContent(), { timeout: 15_000 }).toBe("0 running");
    await screenshot(board, "runs board", "the run ended live");
  }, 120_000);

  test("an MCP client's run: waiting between its calls, running during one, then its end", async () => {
    const { guildId } = await createWorkspace(e2e.server, "remote");
    const agentId = await createScriptedAgent(e2e.server, guildId, { name: "remote", script: QUICK });
    const page = await e2e.newPage();
    await page.goto(`/runs?guild=${guildId}`);
    await page.getByText("No run matches these filters.").waitFor();

    const client = await mcpClientAt(e2e.server.url, e2e.server.token, agentId);
    await client.callTool({ name: "shell", arguments: { command: "echo first" } });
    await rows(page).first().waitFor({ timeout: 30_000 });
    const runId = (await rows(page).first().getAttribute("data-run-id")) ?? "";
    await expect.poll(() => badgeOf(page, runId).textContent(), { timeout: 15_000 }).toBe("waiting");
    await expect
      .poll(() => page.getByTestId("waiting-count").textContent(), { timeout: 15_000 })
      .toBe("1 waiting");
    await screenshot(page, "runs board", "an MCP run waiting");

    const call = client.callTool({ name: "shell", arguments: { command: "sleep 8" } });
    await expect.poll(() => badgeOf(page, runId).textContent(), { timeout: 15_000 }).toBe("running");
    await call;
    await expect.poll(() => badgeOf(page, runId).textContent(), { timeout: 15_000 }).toBe("waiting");
    await client.close();
    await expect.poll(() => badgeOf(page, runId).textContent(), { timeout: 30_000 }).toBe("completed");
    await expect(page.getByTestId("waiting-count").count()).resolves.toBe(0);
  }, 120_000);

  test("a run that ends unseen marks the tab's title and icon until the operator looks at it", async () => {
    const page = await e2e.newPage();
    await page.goto(`/guilds/${guilds.beta}`);
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("beta · guilds");
    await runningCount(page).waitFor();
    const icon = page.locator("link[rel='icon']");

    const failing = await startRun("breaker", "Break something");
    await expect.poll(() => page.title(), { timeout: 30_000 }).toBe("(1!) beta · guilds");
    await expect(icon.getAttribute("data-attention")).resolves.toBe("failed");
    const completing = await startRun("quick", "Finish something");
    await expect.poll(() => page.title(), { timeout: 30_000 }).toBe("(2!) beta · guilds");
    await screenshot(page, "runs board", "tab marked");

    // Another page's own title keeps the mark; the failed run's page looks at it.
    await page.getByRole("link", { name: "breaker", exact: true }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("(2!) breaker · guilds");
    await page.getByRole("link", { name: "Break something" }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("(1) Break something · guilds");
    await expect(icon.getAttribute("data-attention")).resolves.toBe("ended");
    // The board looks at them all.
    await page.getByRole("link", { name: /^Runs/ }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe("Runs · guilds");
    await expect(icon.getAttribute("data-attention")).resolves.toBe("none");
    await rowOf(page, completing).waitFor();
    await rowOf(page, failing).waitFor();
  }, 120_000);

  test("opt-in: a watched run's end makes a browser notification", async () => {
    const page = await e2e.newPage();
    await page.context().grantPermissions(["notifications"], { origin: e2e.server.url });
    await page.context().addInitScript(recordNotifications);
    const runId = await startRun("waiter", "Watch me end");
    await page.goto(`/runs/${runId}`);
    const watch = page.getByRole("button", { name: "Notify me when it ends" });
    await watch.click();
    await page.getByRole("button", { name: "Notifying when it ends" }).waitFor();
    await screenshot(page, "runs board", "watching a run");

    await e2e.server.api("POST", `/api/runs/${runId}/cancel`);
    const notifications = () =>
      page.evaluate(() => (window as unknown as { notifications: unknown[] }).notifications);
    await expect
      .poll(notifications, { timeout: 30_000 })
      .toEqual([
        { title: "Run cancelled: Watch me end", body: "The run cancelled: cancelled by the operator" },
      ]);
    // Looked at while it ended: no mark in the title.
    await expect(page.title()).resolves.toBe("Watch me end · guilds");
  }, 120_000);

  test("each run's cost, from the price of its model; no cost while none is known", async () => {
    const price = { input_usd_per_million: 3, output_usd_per_million: 15, cached_input_usd_per_million: 0.3 };
    await e2e.server.api("PUT", "/api/prices/script", price);
    agents.priced = await createScriptedAgent(e2e.server, guilds.alpha ?? "", {
      name: "priced",
      script: PRICED,
    });
    const priced = await startRun("priced", "Count the tokens");
    expect((await runEnded(e2e.server, priced)).cost_usd).toBeCloseTo(0.0045, 10);
    await e2e.server.api("DELETE", "/api/prices/script");
    const unpriced = await startRun("quick", "Cost nothing");
    await runEnded(e2e.server, unpriced);

    const page = await e2e.newPage();
    await page.goto("/runs");
    const cost = (runId: string) => rowOf(page, runId).locator(".board-row-cost");
    await expect.poll(() => cost(priced).textContent(), { timeout: 15_000 }).toBe("$0.0045");
    await expect(cost(priced).getAttribute("title")).resolves.toBe("1,000 in · 100 out");
    await expect(cost(unpriced).textContent()).resolves.toBe("no cost");
    await screenshot(page, "runs board", "costs");
  }, 120_000);
});
