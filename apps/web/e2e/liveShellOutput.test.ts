// A shell command's output, live, in a real browser against a real server: the lines of a running
// foreground command appear in its detail and its row while it runs, then its result replaces
// them; a background command's lines appear under its result while its detail is open.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import { detailRegion, SELECTORS } from "./lib/flowPage.ts";
import { createScriptedAgent, createWorkspace, runEnded } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null)
  console.warn(`skipping the web app's live shell output e2e test: ${browserMissing}`);

const COUNT = "for i in 1 2 3; do echo $i; sleep 1; done";
const TICKS = "for i in 1 2 3 4 5 6; do echo tick $i; sleep 1; done";

/** The page is open before the first call comes (the first step waits). */
const SCRIPT = {
  steps: [
    {
      type: "reply" as const,
      text: "Counting.",
      tool_calls: [{ name: "shell", args: { command: COUNT } }],
      delay_ms: 3000,
    },
    {
      type: "reply" as const,
      text: "Ticking in the background.",
      tool_calls: [{ name: "shell", args: { command: TICKS, background: true } }],
    },
  ],
};

function shellRows(page: Page): Locator {
  return page.locator(`${SELECTORS.row}[data-tool="shell"]`);
}

/** The live lines a list shows, in order. */
async function liveLines(list: Locator): Promise<string[]> {
  return list.locator("li").allTextContents();
}

describe.skipIf(browserMissing !== null)("a shell command's live output", () => {
  let e2e: E2e;
  let agentId: string;

  beforeAll(async () => {
    e2e = await openE2e();
    const { guildId } = await createWorkspace(e2e.server, "live");
    agentId = await createScriptedAgent(e2e.server, guildId, { name: "counter", script: SCRIPT });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  test("lines appear in the detail and the row while `for i in 1 2 3; do echo $i; sleep 1; done` runs; a background command's while its detail is open", async () => {
    const run = await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
      message: "Count.",
    });
    const page = await e2e.newPage();
    await page.goto(`/runs/${run.id}`);

    const counting = shellRows(page).first();
    await counting.and(page.locator('[data-status="running"]')).waitFor({ timeout: 60_000 });
    await counting.click();
    const detail = detailRegion(page);
    const live = detail.getByRole("list", { name: "Live output" });
    await live.locator("li", { hasText: /^2$/ }).waitFor({ timeout: 10_000 });
    // Still running: the lines came while the command ran, not with its result.
    await expect(counting.getAttribute("data-status")).resolves.toBe("running");
    const shown = await liveLines(live);
    expect(shown.slice(0, 2)).toEqual(["1", "2"]);
    await expect(counting.getByTestId("row-detail").textContent()).resolves.toBe(shown.at(-1));
    await screenshot(page, "live shell output", "foreground running");

    await counting.and(page.locator('[data-status="completed"]')).waitFor({ timeout: 30_000 });
    await expect(live.count()).resolves.toBe(0);
    const result = await detail.locator(".detail-result").textContent();
    expect(result).toContain("1\n2\n3");
    await screenshot(page, "live shell output", "foreground ended");

    const ticking = shellRows(page).nth(1);
    await ticking.waitFor({ timeout: 30_000 });
    await ticking.click();
    const background = detail.getByRole("region", { name: "Background output" });
    const ticks = background.getByRole("list", { name: "Live output" });
    await ticks.locator("li", { hasText: "tick 3" }).waitFor({ timeout: 15_000 });
    await expect(background.getAttribute("data-state")).resolves.toBe("running");
    const seen = await liveLines(ticks);
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, index) => `tick ${index + 1}`));
    await screenshot(page, "live shell output", "background running");
    await background.and(page.locator('[data-state="exited"]')).waitFor({ timeout: 15_000 });
    await expect(liveLines(ticks)).resolves.toEqual([1, 2, 3, 4, 5, 6].map((tick) => `tick ${tick}`));
    await screenshot(page, "live shell output", "background exited");
    await runEnded(e2e.server, run.id);
  }, 120_000);
});
