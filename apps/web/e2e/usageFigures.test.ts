// Usage figures in the browser against a real server: each step's tokens and cost in its header,
// the run's totals in the run's header (updated live as a generation ends), the same figures in the
// API, and the price table edited on its page. The scripted model reports the usage a real
// provider would; the price of its model ("script") is set first, as an operator would.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import { waitForRunStatus } from "./lib/flowPage.ts";
import { createScriptedAgent, createWorkspace, getRun, runEnded } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's usage figures e2e test: ${browserMissing}`);

const PRICE = { input_usd_per_million: 3, output_usd_per_million: 15, cached_input_usd_per_million: 0.3 };
/** The second generation waits this long: the header shows the first one's totals meanwhile. */
const SECOND_STEP_DELAY_MS = 8000;

const stepUsage = (number: number) =>
  `[data-testid="flow-step"][data-step="${number}"] [data-testid="step-usage"]`;

describe.skipIf(browserMissing !== null)("usage figures", () => {
  let e2e: E2e;
  let agentId: string;

  beforeAll(async () => {
    e2e = await openE2e();
    await e2e.server.api("PUT", "/api/prices/script", PRICE);
    const { guildId } = await createWorkspace(e2e.server, "usage");
    agentId = await createScriptedAgent(e2e.server, guildId, {
      name: "counted",
      script: {
        steps: [
          {
            type: "reply",
            text: "Counting first.",
            tool_calls: [{ name: "shell", args: { command: "echo counted" } }],
            usage: { input_tokens: 1200, output_tokens: 80, cached_tokens: 1000 },
          },
          {
            type: "reply",
            text: "Done counting.",
            delay_ms: SECOND_STEP_DELAY_MS,
            usage: { input_tokens: 2000, output_tokens: 100, cached_tokens: 1000 },
          },
        ],
      },
    });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  test("each step's header and the run's header show tokens and cost, the header live", async () => {
    const page = await e2e.newPage();
    const run = await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
      message: "Count the tokens",
    });
    await page.goto(`/runs/${run.id}`);
    // 200 uncached × $3 + 1,000 cached × $0.30 + 80 out × $15, per million.
    const first = "1,200 in (1,000 cached) · 80 out · $0.0021";
    await page.locator(stepUsage(1)).filter({ hasText: first }).waitFor();
    // While the second generation is still out, the header has the first one's totals.
    await page.getByTestId("run-usage").filter({ hasText: first }).waitFor();
    await expect(page.getByTestId("run-status").textContent()).resolves.toBe("running");
    await screenshot(page, "usage figures", "first step ended");

    await waitForRunStatus(page, "completed", 60_000);
    await page
      .locator(stepUsage(2))
      .filter({ hasText: "2,000 in (1,000 cached) · 100 out · $0.0048" })
      .waitFor();
    await page
      .getByTestId("run-usage")
      .filter({ hasText: "3,200 in (2,000 cached) · 180 out · $0.0069" })
      .waitFor();
    await screenshot(page, "usage figures", "run completed");

    const stored = await runEnded(e2e.server, run.id);
    expect(stored.usage).toEqual({ input_tokens: 3200, output_tokens: 180, cached_tokens: 2000 });
    expect(stored.cost_usd).toBeCloseTo(0.0069, 12);
    expect(stored.metadata).toMatchObject({ usage: stored.usage, cost_usd: stored.cost_usd });
    expect(stored.generations.map((generation) => [generation.usage, generation.cost_usd])).toEqual([
      [{ input_tokens: 1200, output_tokens: 80, cached_tokens: 1000 }, expect.closeTo(0.0021, 12)],
      [{ input_tokens: 2000, output_tokens: 100, cached_tokens: 1000 }, expect.closeTo(0.0048, 12)],
    ]);
  }, 120_000);

  test("a reload shows the same figures, from the stored events and the run", async () => {
    const [run] = (await e2e.server.api<{ runs: { id: string }[] }>("GET", `/api/agents/${agentId}/runs`))
      .runs;
    if (run === undefined) throw new Error("the first test's run is missing");
    expect((await getRun(e2e.server, run.id)).status).toBe("completed");
    const page = await e2e.newPage();
    await page.goto(`/runs/${run.id}`);
    await page
      .locator(stepUsage(1))
      .filter({ hasText: "1,200 in (1,000 cached) · 80 out · $0.0021" })
      .waitFor();
    await page
      .getByTestId("run-usage")
      .filter({ hasText: "3,200 in (2,000 cached) · 180 out · $0.0069" })
      .waitFor();
  }, 60_000);

  test("the prices page lists the defaults and the operator's, and changes a price", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Prices" }).click();
    const table = page.getByTestId("prices-table");
    const row = (model: string) => table.locator(`tr[data-model="${model}"]`);
    await row("claude-sonnet-4-5").filter({ hasText: "$3$0.30$15default" }).waitFor();
    await row("gpt-5").filter({ hasText: "$1.25$0.125$10default" }).waitFor();
    await row("script").filter({ hasText: "$3$0.30$15yours" }).waitFor();

    await page.getByRole("button", { name: "Change the price of gpt-5" }).click();
    const form = page.getByRole("form", { name: "Set a model's price" });
    await expect(form.getByRole("textbox", { name: "Model" }).inputValue()).resolves.toBe("gpt-5");
    await form.getByRole("textbox", { name: "Output" }).fill("-1");
    await form.getByRole("button", { name: "Save price" }).click();
    await form.getByText("US dollars per million tokens: 0 or more, like 3 or 0.3.").waitFor();
    await form.getByRole("textbox", { name: "Output" }).fill("12");
    await form.getByRole("button", { name: "Save price" }).click();
    await page.getByRole("status").filter({ hasText: "Saved the price of gpt-5." }).waitFor();
    await row("gpt-5").filter({ hasText: "$1.25$0.125$12yours" }).waitFor();
    await screenshot(page, "usage figures", "prices page");
    const prices = await e2e.server.api<{ prices: { model: string; output_usd_per_million: number }[] }>(
      "GET",
      "/api/prices",
    );
    expect(prices.prices.find((price) => price.model === "gpt-5")?.output_usd_per_million).toBe(12);
  }, 60_000);
});
