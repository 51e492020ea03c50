// Lists past one page, in the browser against a real server: the guilds list shows every guild
// (more than the API's default page of 100), and an agent's runs list and the runs board show the
// newest 100 runs with a button that loads the older ones.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import { createScriptedAgent } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's list pages e2e test: ${browserMissing}`);

const GUILDS = 101;
const RUNS = 102;

describe.skipIf(browserMissing !== null)("lists longer than a page", () => {
  let e2e: E2e;
  let agentId: string;
  const runIds: string[] = [];

  beforeAll(async () => {
    e2e = await openE2e();
    const guildIds: string[] = [];
    for (let index = 0; index < GUILDS; index++) {
      const name = `guild ${String(index).padStart(3, "0")}`;
      guildIds.push((await e2e.server.api<{ id: string }>("POST", "/api/guilds", { name })).id);
    }
    agentId = await createScriptedAgent(e2e.server, guildIds[0] ?? "", {
      name: "busy",
      script: { steps: [] },
    });
    for (let index = 0; index < RUNS; index++) {
      const run = await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
        message: `run ${index}`,
      });
      runIds.push(run.id);
      for (let status = "running"; status === "running"; ) {
        status = (await e2e.server.api<{ status: string }>("GET", `/api/runs/${run.id}/summary`)).status;
      }
    }
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
  });

  test("every guild is listed, past the API's default page", async () => {
    const all = await e2e.server.api<{ guilds: unknown[] }>("GET", "/api/guilds?limit=1000");
    expect(all.guilds.length).toBeGreaterThan(100);
    const page = await e2e.newPage();
    await page.goto("/");
    await page
      .locator(".guild-row")
      .nth(all.guilds.length - 1)
      .waitFor();
    await expect(page.locator(".guild-row").count()).resolves.toBe(all.guilds.length);
    await page.getByRole("link", { name: "guild 100" }).waitFor();
  }, 60_000);

  test("an agent's runs: the newest 100, then the older ones on asking", async () => {
    const page = await e2e.newPage();
    await page.goto(`/agents/${agentId}`);
    const rows = page.locator(".run-row");
    await rows.nth(99).waitFor();
    await expect(rows.count()).resolves.toBe(100);
    const newest = runIds[RUNS - 1] ?? "";
    await expect(rows.first().locator("a").getAttribute("href")).resolves.toBe(`/runs/${newest}`);
    await screenshot(page, "list pages", "first page of runs");

    await page.getByRole("button", { name: "Show older runs" }).click();
    await rows.nth(RUNS - 1).waitFor();
    await expect(rows.count()).resolves.toBe(RUNS);
    await expect(rows.last().locator("a").getAttribute("href")).resolves.toBe(`/runs/${runIds[0]}`);
    await expect(page.getByRole("button", { name: "Show older runs" }).count()).resolves.toBe(0);
  }, 60_000);

  test("the runs board: the newest 100 runs of every guild, then the older ones on asking", async () => {
    const page = await e2e.newPage();
    await page.goto("/runs");
    const rows = page.locator(".run-row");
    await rows.nth(99).waitFor();
    await expect(rows.count()).resolves.toBe(100);
    await expect(rows.first().getAttribute("data-run-id")).resolves.toBe(runIds[RUNS - 1]);
    await page.getByRole("button", { name: "Show older runs" }).click();
    await rows.nth(RUNS - 1).waitFor();
    await expect(rows.count()).resolves.toBe(RUNS);
    await expect(rows.last().getAttribute("data-run-id")).resolves.toBe(runIds[0]);
    await expect(page.getByRole("button", { name: "Show older runs" }).count()).resolves.toBe(0);
    await screenshot(page, "list pages", "runs board, every page");
  }, 60_000);
});
