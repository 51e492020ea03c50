// A run's life in the browser, against a real server: cancelled from the page, the page reloaded
// mid-run, and its event stream dropped mid-run. Every row must be there exactly once, as the
// server stored the calls, and new ones must keep coming live.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot, screenshotBothSchemes } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e, runIdOf } from "./lib/e2eFixture.ts";
import {
  arrivals,
  matchCalls,
  recordArrivals,
  rowOf,
  rowText,
  SELECTORS,
  scanFlow,
  waitForCalls,
  waitForRunStatus,
} from "./lib/flowPage.ts";
import { createScriptedAgent, createWorkspace, type RunDetail, runEnded } from "./lib/orchestrator.ts";
import { cutEventStreamOnce, streamCutReport } from "./lib/streamCut.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's run e2e tests: ${browserMissing}`);

const STEPS = 20;

/** STEPS steps of one shell call each, 400 ms apart: a run that produces calls for several seconds. */
const STEADY_SCRIPT = {
  steps: Array.from({ length: STEPS }, (_, index) => ({
    type: "reply" as const,
    text: `Step ${index + 1}.`,
    tool_calls: [{ name: "shell", args: { command: `echo call ${index + 1}` } }],
    delay_ms: 400,
  })),
  final_text: "Twenty calls made.",
};

describe.skipIf(browserMissing !== null)("a run's life in the browser", () => {
  let e2e: E2e;
  let guildId: string;

  beforeAll(async () => {
    e2e = await openE2e();
    guildId = (await createWorkspace(e2e.server, "lifecycle")).guildId;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** Every call of the ended run is a row exactly once, with its stored status; one step per generation. */
  async function expectWholeFlow(page: import("playwright-core").Page, run: RunDetail): Promise<void> {
    const scan = await scanFlow(page);
    expect(scan.duplicates, "rows in the DOM twice at one place").toEqual([]);
    const match = matchCalls(scan.callIds, run.tool_calls);
    expect(match.unknown, "rows naming no stored call").toEqual([]);
    expect(match.doubled, "calls shown by more than one row").toEqual([]);
    expect(match.missing, "calls without a row").toEqual([]);
    expect(match.order).toEqual(run.tool_calls.map((call) => call.call_id));
    const generations = run.messages.filter((message) => message.role === "assistant").length;
    expect(scan.steps).toEqual(Array.from({ length: generations }, (_, index) => index + 1));
    for (const call of run.tool_calls) {
      await expect(rowOf(page, call).getAttribute("data-status")).resolves.toBe(call.status);
    }
  }

  test("Cancel run: the run ends cancelled, its running shell call ends", async () => {
    const agentId = await createScriptedAgent(e2e.server, guildId, {
      name: "sleeper",
      script: {
        steps: [
          {
            type: "reply",
            text: "A long command.",
            tool_calls: [{ name: "shell", args: { command: "sleep 60" } }],
          },
        ],
        final_text: "Slept.",
      },
    });
    const page = await e2e.newPage();
    await page.goto(`/agents/${agentId}`);
    await page.getByLabel("Message", { exact: true }).fill("Sleep.");
    await page.getByRole("button", { name: "Start run" }).click();
    await page.waitForURL(/\/runs\/[^/?]+/);
    const runId = runIdOf(page);
    const row = page.locator(`${SELECTORS.row}[data-status="running"]`);
    await row.waitFor({ timeout: 60_000 });
    await expect(rowText(row)).resolves.toMatch(/^Run sleep 60( running)?$/);
    await screenshot(page, "cancel", "running");

    const started = Date.now();
    await page.getByRole("button", { name: "Cancel run" }).click();
    await waitForRunStatus(page, "cancelled", 60_000);
    const run = await runEnded(e2e.server, runId, 30_000);
    expect(run.status).toBe("cancelled");
    const call = run.tool_calls[0];
    expect(call?.status).toBe("cancelled");
    if (call === undefined) throw new Error("the run made no call");
    const ended = rowOf(page, call);
    await expect.poll(() => ended.getAttribute("data-status"), { timeout: 15_000 }).toBe(call.status);
    await expect(ended.count()).resolves.toBe(1);
    expect(Date.now() - started).toBeLessThan(50_000);
    await expect(rowText(ended)).resolves.toBe("Run sleep 60 cancelled");
    await expect(page.getByRole("button", { name: "Cancel run" }).count()).resolves.toBe(0);
    await screenshotBothSchemes(page, "cancel", "cancelled");
  });

  test("a reload mid-run: every row once, and new rows keep coming live", async () => {
    const agentId = await createScriptedAgent(e2e.server, guildId, { name: "steady", script: STEADY_SCRIPT });
    const page = await e2e.newPage();
    await recordArrivals(page);
    const started = await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
      message: "Make twenty calls.",
    });
    await page.goto(`/runs/${started.id}`);
    await waitForCalls(page, 3, 60_000);
    await page.reload();
    await waitForCalls(page, 1, 30_000);
    // The replay after the reload, then rows that were not there: they come live.
    const reloadedAt = await page.evaluate(() => performance.now());
    const afterReload = await scanFlow(page);
    expect(afterReload.duplicates).toEqual([]);
    const live = await e2e.server.api<RunDetail>("GET", `/api/runs/${started.id}`);
    expect(live.status, "the run still runs after the reload").toBe("running");
    await screenshot(page, "reload", "after reload");

    await waitForRunStatus(page, "completed", 120_000);
    const run = await runEnded(e2e.server, started.id);
    expect(run.tool_calls).toHaveLength(STEPS);
    const cameLive = (await arrivals(page)).filter(
      (arrival) => arrival.at > reloadedAt && !afterReload.callIds.includes(arrival.callId),
    );
    expect(cameLive.length, "rows that came after the reload").toBeGreaterThan(2);
    expect(cameLive.every((arrival) => arrival.runStatus === "running")).toBe(true);
    await expectWholeFlow(page, run);
    await screenshotBothSchemes(page, "reload", "completed");
  });

  test("the event stream drops mid-run: the page reconnects, no event lost or doubled", async () => {
    const agentId = await createScriptedAgent(e2e.server, guildId, {
      name: "dropped",
      script: STEADY_SCRIPT,
    });
    const page = await e2e.newPage();
    // About 7 events a step: the cut comes around step 6 of 20.
    await cutEventStreamOnce(page, 40);
    const states: string[] = [];
    await page.exposeFunction("__streamState", (state: string) => {
      if (states.at(-1) !== state) states.push(state);
    });
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="stream-state"]')?.textContent?.trim();
        if (state) (window as unknown as { __streamState(state: string): void }).__streamState(state);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const started = await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
      message: "Make twenty calls.",
    });
    await page.goto(`/runs/${started.id}`);
    await page.waitForFunction(
      () =>
        (window as unknown as { __streamCut?: { requests: unknown[] } }).__streamCut?.requests.length === 2,
      undefined,
      { timeout: 60_000 },
    );
    const report = await streamCutReport(page);
    expect(report.cut).toBe(true);
    // The first asks for the events after the run's snapshot (its last event's id); the second
    // resumes after the last whole event the page got.
    expect(report.requests[0]?.lastEventId).toMatch(/^\d+$/);
    expect(report.requests[1]?.lastEventId).toBe(String(report.lastWholeIdBeforeCut));
    const midRun = await e2e.server.api<RunDetail>("GET", `/api/runs/${started.id}`);
    expect(midRun.status, "the stream dropped while the run ran").toBe("running");

    await waitForRunStatus(page, "completed", 120_000);
    const run = await runEnded(e2e.server, started.id);
    await expectWholeFlow(page, run);
    expect(states).toContain("reconnecting");
    expect(states.at(-1)).toBe("live");
    await screenshot(page, "stream drop", "completed");
  });
});
