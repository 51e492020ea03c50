// Issue 17 in a real browser against a real server: what a finished row adds after the page's row
// text, steps numbered from 1 (and "unchanged since step N" counting them), the keyboard (j, k,
// Enter, Escape, ?) with a focus that shows, and the glitches: the live dot after the end, a
// cancelled step's label, the missing harness's link, the Arguments view shown once, an unknown
// run's page and the wrong token's words.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser, VIEWPORT } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import {
  detailRegion,
  rowDetail,
  rowOf,
  rowText,
  SELECTORS,
  shownText,
  waitForRunStatus,
} from "./lib/flowPage.ts";
import { createWorkspace, getRun, type RunDetail, runEnded } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's run flow rows e2e test: ${browserMissing}`);

/** Six steps of one or two calls each, then a code task its agent has no harness for. */
const ROWS_SCRIPT = {
  steps: [
    step("Printing.", [{ name: "shell", args: { command: "printf 'first line\\nsecond line\\n'" } }]),
    step("A file that is not there.", [{ name: "shell", args: { command: "ls no-such-file" } }]),
    step("Reading.", [{ name: "file_read", args: { path: "src/words.js", limit: 5 } }]),
    step("Searching.", [{ name: "code_search", args: { pattern: "countWords", mode: "content" } }]),
    step("Reading again.", [{ name: "file_read", args: { path: "src/words.js", limit: 5 } }]),
    step("Handing it over.", [{ name: "code_task", args: { brief: "Add a test for countWords." } }]),
  ],
  final_text: "Done.",
};

function step(text: string, toolCalls: { name: string; args: Record<string, unknown> }[]) {
  return { type: "reply" as const, text, tool_calls: toolCalls };
}

/** A scripted agent with the code tools and no harness (createScriptedAgent gives every agent one). */
async function agentWithoutHarness(
  e2e: E2e,
  guildId: string,
  name: string,
  script: unknown,
): Promise<string> {
  const agent = await e2e.server.api<{ id: string }>("POST", `/api/guilds/${guildId}/agents`, {
    name,
    model: { provider: "scripted", name: "script" },
    coding: true,
    script,
  });
  return agent.id;
}

/** The element with the focus: its call id and whether an outline shows around it. */
function focused(page: Page): Promise<{ callId: string | null; outline: string }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement)) return { callId: null, outline: "none" };
    const style = getComputedStyle(active);
    return {
      callId: active.getAttribute("data-call-id"),
      outline: `${style.outlineStyle} ${style.outlineWidth}`,
    };
  });
}

describe.skipIf(browserMissing !== null)("the run flow's rows, keys and glitches (issue 17)", () => {
  let e2e: E2e;
  let guildId: string;
  let agentId: string;
  let run: RunDetail;

  beforeAll(async () => {
    e2e = await openE2e();
    guildId = (await createWorkspace(e2e.server, "rows")).guildId;
    agentId = await agentWithoutHarness(e2e, guildId, "reader", ROWS_SCRIPT);
    const started = await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
      message: "Look at the words module.",
    });
    run = await runEnded(e2e.server, started.id);
    expect(run.status).toBe("completed");
  }, 300_000);
  afterAll(async () => {
    await e2e?.close();
  });

  test("rows: the page's text, then the first line, the lines read, the pattern and its matches", async () => {
    const page = await e2e.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`/runs/${run.id}`);
    await waitForRunStatus(page, "completed");
    const calls = run.tool_calls;
    expect(calls.map((call) => call.tool)).toEqual([
      "shell",
      "shell",
      "file_read",
      "code_search",
      "file_read",
      "code_task",
    ]);
    const [printed, missing, read, search, reread] = calls;
    if (!printed || !missing || !read || !search || !reread) throw new Error("a call is missing");
    await rowOf(page, reread).waitFor();
    // The entry script asks for the run's stored events before it fetches the app's own chunk, so
    // the server reads them while the app loads, then for the stream after the last of them
    // (earlyRunSnapshot): one of each, which the page takes.
    const snapshot = requested.indexOf(`/api/runs/${run.id}/events/snapshot`);
    const boot = requested.findIndex((pathname) => /\/assets\/boot-[^/]+\.js$/.test(pathname));
    const stream = requested.indexOf(`/api/runs/${run.id}/events`);
    expect(requested.filter((pathname) => pathname.startsWith(`/api/runs/${run.id}/events`))).toHaveLength(2);
    expect(snapshot).toBeGreaterThanOrEqual(0);
    expect(boot).toBeGreaterThan(snapshot);
    expect(stream).toBeGreaterThan(snapshot);

    const rows = [
      [printed, "Run printf 'first line\\nsecond line\\n'", "first line"],
      [missing, "Run ls no-such-file exit 2", "ls: cannot access 'no-such-file': No such file or directory"],
      [
        read,
        "Read src/words.js",
        `lines 1\u2013${Math.min(5, Number(read.metadata.lines))} of ${read.metadata.lines}`,
      ],
      [
        search,
        "Search lines",
        `\u201ccountWords\u201d \u00b7 ${search.metadata.matches} matches in ${search.metadata.files} files`,
      ],
      // The model read "unchanged since step <the first read's result seq>"; the operator reads the
      // step the app shows, the third.
      [
        reread,
        "Read src/words.js unchanged since step 3",
        `lines 1\u2013${Math.min(5, Number(read.metadata.lines))}`,
      ],
    ] as const;
    for (const [call, text, detail] of rows) {
      const row = rowOf(page, call);
      await expect(rowText(row), `row of ${call.tool}`).resolves.toBe(text);
      if (call === reread) await expect(rowDetail(row)).resolves.toContain(detail);
      else await expect(rowDetail(row), `detail of ${call.tool}`).resolves.toBe(detail);
    }
    expect(reread.result).toBe(
      `src/words.js lines 1\u2013${Math.min(5, Number(read.metadata.lines))}: unchanged since step ${read.result_seq}; read that result.${reread.result?.slice(reread.result.indexOf("\n\nremaining_tool_calls"))}`,
    );
    expect(read.result_seq).not.toBe(3);

    // Steps are numbered 1 to 7 (six with calls, the final answer), not by their messages' seqs.
    const labels = await page.locator(`${SELECTORS.step} .flow-step-toggle`).allInnerTexts();
    expect(labels.map((label) => label.trim())).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `Step ${n}`));
    await rowOf(page, reread).click();
    const detail = detailRegion(page);
    await detail.getByRole("tab", { name: "Metadata", exact: true }).click();
    await expect(shownText(detail)).resolves.toMatch(/Same as step\s+3\b/);
    await screenshot(page, "issue 17 rows", "finished rows");

    // The live dot is gone once the run ended: nothing streams any more.
    await expect(page.locator(SELECTORS.streamState).count()).resolves.toBe(0);
    await expect(page.locator(".run-stream--live").count()).resolves.toBe(0);
  }, 120_000);

  test("Arguments: the call's arguments once, as a tree, the JSON text a toggle away", async () => {
    const page = await e2e.newPage();
    const printed = run.tool_calls[0];
    if (printed === undefined) throw new Error("no first call");
    await page.goto(`/runs/${run.id}?call=${printed.id}&view=arguments`);
    const detail = detailRegion(page);
    await detail.getByRole("tree", { name: "Arguments" }).waitFor();
    // In the view (the detail's title, "Run printf ...", is not the arguments).
    const view = detail.getByRole("tabpanel");
    const count = (text: string) => shownText(view).then((shown) => shown.split(text).length - 1);
    await expect(count("printf")).resolves.toBe(1);
    await expect(
      detail.getByRole("button", { name: "Tree", exact: true }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await screenshot(page, "issue 17 arguments", "tree");
    await detail.getByRole("button", { name: "JSON", exact: true }).click();
    await expect(detail.getByRole("tree", { name: "Arguments" }).count()).resolves.toBe(0);
    await expect(detail.locator("pre").first().textContent()).resolves.toBe(
      JSON.stringify(printed.arguments, null, 2),
    );
    await expect(count("printf")).resolves.toBe(1);
    await screenshot(page, "issue 17 arguments", "json");
  }, 60_000);

  test("keyboard: j and k between calls, Enter opens, Escape closes, ? lists the keys; the focus shows", async () => {
    const page = await e2e.newPage();
    await page.goto(`/runs/${run.id}`);
    await waitForRunStatus(page, "completed");
    const [first, second] = run.tool_calls;
    if (first === undefined || second === undefined) throw new Error("two calls expected");
    await rowOf(page, second).waitFor();

    await page.keyboard.press("j");
    await expect.poll(() => focused(page)).toEqual({ callId: first.id, outline: "solid 2px" });
    await page.keyboard.press("j");
    await expect.poll(() => focused(page).then((state) => state.callId)).toBe(second.id);
    await page.keyboard.press("k");
    await expect.poll(() => focused(page).then((state) => state.callId)).toBe(first.id);
    await screenshot(page, "issue 17 keyboard", "focus on the first row");

    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("call") === first.id);
    const detail = detailRegion(page);
    await detail.waitFor();
    // The opened call's title takes the focus, and shows it.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle))
      .toBe("solid");
    await screenshot(page, "issue 17 keyboard", "opened with enter");

    // j from the open call goes on to the next one; Enter opens that one.
    await page.keyboard.press("j");
    await expect.poll(() => focused(page).then((state) => state.callId)).toBe(second.id);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("call") === second.id);

    // ? over an open call: Escape closes the list only, then the call.
    await page.keyboard.press("?");
    const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await shortcuts.waitFor();
    const listed = await shortcuts.locator("kbd").allInnerTexts();
    expect(listed).toEqual(["j", "k", "Enter", "Escape", "?"]);
    await screenshot(page, "issue 17 keyboard", "shortcuts");
    await page.keyboard.press("Escape");
    await shortcuts.waitFor({ state: "hidden" });
    await expect(detail.isVisible()).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });
    await page.waitForURL((url) => url.searchParams.get("call") === null);
    // The focus is back on the row of the call that closed, and shows.
    await expect.poll(() => focused(page)).toEqual({ callId: second.id, outline: "solid 2px" });
    await screenshot(page, "issue 17 keyboard", "closed with escape");

    // Keys typed in the message box are the message's.
    const box = page.getByLabel("Message", { exact: true });
    if ((await box.count()) > 0) {
      await box.fill("");
      await box.press("j");
      await expect(box.inputValue()).resolves.toBe("j");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" }).isVisible()).resolves.toBe(false);
    }
  }, 120_000);

  test("a missing harness: the block and the detail send the operator to the Harness field", async () => {
    const page = await e2e.newPage();
    await page.goto(`/runs/${run.id}`);
    await waitForRunStatus(page, "completed");
    const task = run.tool_calls.find((call) => call.tool === "code_task");
    if (task === undefined) throw new Error("no code task");
    expect(task.metadata.error_code).toBe("harness.missing");
    const block = page.locator(`${SELECTORS.block}[data-call-id="${task.id}"]`);
    await block.waitFor();
    const blockText = await shownText(block);
    expect(blockText).toContain("This agent has no harness: pick one in its settings' Harness field.");
    expect(blockText).not.toContain("PATCH");
    await block.click();
    const detail = detailRegion(page);
    const link = detail.getByRole("link", { name: "the agent's Harness field" });
    await link.waitFor();
    await expect(shownText(detail.getByTestId("missing-harness"))).resolves.not.toContain("PATCH");
    await screenshot(page, "issue 17 missing harness", "detail");
    await link.click();
    await page.waitForURL((url) => url.pathname === `/agents/${agentId}` && url.hash === "#harness");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("#harness") !== null))
      .toBe(true);
    await expect(
      page.getByLabel("Harness", { exact: true }).evaluate((element) => element === document.activeElement),
    ).resolves.toBe(true);
    await screenshot(page, "issue 17 missing harness", "harness field");
  }, 60_000);

  test("a cancelled step reads Step N, as the others do", async () => {
    const cancelled = await agentWithoutHarness(e2e, guildId, "cancelled", {
      steps: [
        step("One call first.", [{ name: "shell", args: { command: "true" } }]),
        { type: "reply", text: "Never said.", delay_ms: 60_000 },
      ],
    });
    const page = await e2e.newPage();
    const started = await e2e.server.api<{ id: string }>("POST", `/api/agents/${cancelled}/runs`, {
      message: "Start, then be cancelled.",
    });
    await page.goto(`/runs/${started.id}`);
    await page.locator(SELECTORS.step).nth(1).waitFor({ timeout: 60_000 });
    await e2e.server.api("POST", `/api/runs/${started.id}/cancel`);
    await waitForRunStatus(page, "cancelled", 60_000);
    const stored = await getRun(e2e.server, started.id);
    expect(stored.status).toBe("cancelled");
    const labels = await page.locator(`${SELECTORS.step} .flow-step-toggle`).allInnerTexts();
    expect(labels.map((label) => label.trim())).toEqual(["Step 1", "Step 2"]);
    await expect(page.locator(SELECTORS.streamState).count()).resolves.toBe(0);
    await screenshot(page, "issue 17 cancelled step", "numbered");
  }, 120_000);

  test("an unknown run: the not-found page alone, and a tab title naming no piece of the URL", async () => {
    const page = await e2e.newPage();
    await page.goto("/runs/run_no_such_run_4242");
    await page.getByRole("heading", { name: "There is no such run" }).waitFor({ timeout: 30_000 });
    // Give a stream that would wrongly follow it the time to say so.
    await page.waitForTimeout(1500);
    const shown = await shownText(page.locator("main"));
    expect(shown).not.toMatch(/Loading/);
    expect(shown).not.toMatch(/reconnecting/);
    await expect(page.locator(SELECTORS.streamState).count()).resolves.toBe(0);
    await expect(page.title()).resolves.toBe("Run not found \u00b7 guilds");
    await screenshot(page, "issue 17 unknown run", "not found");
  }, 60_000);

  test("a wrong token: the browser user's words, no backticks, no Authorization header", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: VIEWPORT });
    try {
      const page = await context.newPage();
      await page.goto("/");
      const input = page.getByLabel("Operator token", { exact: true });
      await input.fill("gt_not_a_token_of_this_server");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor({ timeout: 15_000 });
      const text = await shownText(alert);
      expect(text).toContain("The server did not take this token");
      expect(text).toContain("revoked, mistyped, or made by another server");
      expect(text).not.toContain("`");
      expect(text).not.toMatch(/Authorization|Bearer/);
      await screenshot(page, "issue 17 wrong token", "refused");
    } finally {
      await context.close();
    }
  }, 60_000);
});
