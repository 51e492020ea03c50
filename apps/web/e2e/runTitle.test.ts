// A run's title in the browser against a real server: made from its first message, shown as the
// run page's heading, in the breadcrumb, the tab and the agent's runs list; renamed from the page.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import { createScriptedAgent, createWorkspace, runEnded } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's run title e2e test: ${browserMissing}`);

describe.skipIf(browserMissing !== null)("a run's title", () => {
  let e2e: E2e;
  let agentId: string;
  let runId: string;

  beforeAll(async () => {
    e2e = await openE2e();
    const { guildId } = await createWorkspace(e2e.server, "titles");
    agentId = await createScriptedAgent(e2e.server, guildId, { name: "titled", script: { steps: [] } });
    const run = await e2e.server.api<{ id: string; title: string }>("POST", `/api/agents/${agentId}/runs`, {
      message: "\n  Fix the   flaky build\nand then run the tests",
    });
    expect(run.title).toBe("Fix the flaky build");
    runId = run.id;
    await runEnded(e2e.server, runId);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  test("is the heading, the breadcrumb and the tab; Rename changes them all and the list", async () => {
    const page = await e2e.newPage();
    await page.goto(`/runs/${runId}`);
    const heading = page.getByTestId("run-title");
    await heading.filter({ hasText: "Fix the flaky build" }).waitFor();
    await page
      .locator('.breadcrumbs [aria-current="page"]')
      .filter({ hasText: "Fix the flaky build" })
      .waitFor();
    await expect(page.title()).resolves.toBe("Fix the flaky build · guilds");

    await page.getByRole("button", { name: "Rename" }).click();
    const field = page.getByRole("textbox", { name: "Run title" });
    await expect(field.inputValue()).resolves.toBe("Fix the flaky build");
    await field.fill("Escape leaves it");
    await field.press("Escape");
    await heading.filter({ hasText: "Fix the flaky build" }).waitFor();

    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("textbox", { name: "Run title" }).fill("  Flaky build: the retry fix  ");
    await page.getByRole("textbox", { name: "Run title" }).press("Enter");
    await heading.filter({ hasText: "Flaky build: the retry fix" }).waitFor();
    await page
      .locator('.breadcrumbs [aria-current="page"]')
      .filter({ hasText: "Flaky build: the retry fix" })
      .waitFor();
    await expect.poll(() => page.title()).toBe("Flaky build: the retry fix · guilds");
    await screenshot(page, "run title", "renamed");
    const stored = await e2e.server.api<{ title: string }>("GET", `/api/runs/${runId}/summary`);
    expect(stored.title).toBe("Flaky build: the retry fix");

    await page.goto(`/agents/${agentId}`);
    await page.getByRole("link", { name: "Flaky build: the retry fix" }).waitFor();
  }, 60_000);
});
