// The run view in a real browser against a real server: a scripted agent calls every code tool,
// and a code_task runs the real Claude Code (the CLI installed by `npm run test:harnesses`) inside
// the agent's bwrap machine, against a fake model server on 127.0.0.1. The rows' texts are the
// "Code tools" and "Code tasks" pages' own words.
import { rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeHarnessModelServer } from "../../orchestrator/test/fakes/fakeHarnessModelServer.ts";
import type { FakeModelServer } from "../../orchestrator/test/fakes/fakeModelServer.ts";
import { testHarnessDir } from "../../orchestrator/test/harnesses/testHarnessDir.ts";
import { screenshot, screenshotBothSchemes } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, findFile, openE2e, runIdOf } from "./lib/e2eFixture.ts";
import {
  arrivals,
  blockOf,
  detailRegion,
  matchCalls,
  recordArrivals,
  rowOf,
  rowText,
  SELECTORS,
  scanFlow,
  shownText,
  waitForRunStatus,
} from "./lib/flowPage.ts";
import {
  createScriptedAgent,
  createWorkspace,
  REPOSITORY,
  runEnded,
  type ToolCallDetail,
} from "./lib/orchestrator.ts";

const installed = testHarnessDir();
const browserMissing = missingBrowser();
const skipReason = browserMissing ?? (installed.dir === null ? installed.reason : null);
if (skipReason !== null) console.warn(`skipping the web app's code tool e2e tests: ${skipReason}`);

const KEY = "sk-ant-fake-web-e2e-0123456789";
const BRIEF = "Add made.txt holding the line made, then say what you did.";
/** Claude Code's own shell tool: slow enough for several polls (every 3 s) while it runs. */
const CLAUDE_COMMAND = "sleep 9; printf 'made\\n' > made.txt";
const FINAL_MESSAGE = "Made made.txt.";

/** Every tool of the "Code tools" page, one step after another, then a code task. */
const EVERY_TOOL_SCRIPT = {
  steps: [
    // The page is open before the first row comes.
    step("Looking around.", [{ name: "shell", args: { command: "ls" } }], 2500),
    step("A search that finds nothing.", [
      { name: "shell", args: { command: "grep -q needle-not-here README.md" } },
    ]),
    step("A background command.", [{ name: "shell", args: { command: "sleep 30", background: true } }]),
    step("Following it.", [
      { name: "shell_status", args: {} },
      { name: "shell_status", args: { id: "b1" } },
      { name: "shell_status", args: { id: "b1", stop: true } },
    ]),
    step("Reading.", [{ name: "file_read", args: { path: "src/words.js", limit: 5 } }]),
    step("Reading again.", [{ name: "file_read", args: { path: "src/words.js", limit: 5 } }]),
    step("Reading on.", [{ name: "file_read", args: { path: "src/words.js", offset: 3, limit: 4 } }]),
    step("Searching.", [
      { name: "code_search", args: { pattern: "countWords" } },
      { name: "code_search", args: { pattern: "TODO", mode: "content", path: "src" } },
    ]),
    step("Handing the change to the harness.", [{ name: "code_task", args: { brief: BRIEF } }]),
  ],
  final_text: "All done.",
};

function step(text: string, toolCalls: { name: string; args: Record<string, unknown> }[], delayMs = 600) {
  return { type: "reply" as const, text, tool_calls: toolCalls, delay_ms: delayMs };
}

/**
 * Each row's text, in the run's order, as the page's "Row reads" table writes it: the summary,
 * then the outcome when there is one ("exit 1", "unchanged since step N").
 */
function expectedRowTexts(calls: ToolCallDetail[]): { call: ToolCallDetail; text: string }[] {
  const texts = [
    "Run ls",
    "Run grep -q needle-not-here README.md exit 1",
    "Start sleep 30",
    "List background commands",
    "Check b1",
    "Stop b1",
    "Read src/words.js",
    // The first read is the fifth step's: the app numbers steps 1, 2, 3, ... (the model read the
    // result's message seq, firstRead.result_seq).
    "Read src/words.js unchanged since step 5",
    "Read src/words.js from line 3",
    "Search files",
    "Search lines in src",
  ];
  return calls
    .filter((call) => call.tool !== "code_task")
    .map((call, index) => ({ call, text: texts[index] ?? "(no row text expected)" }));
}

describe.skipIf(skipReason !== null)("the run view of every code tool, with the real Claude Code", () => {
  let e2e: E2e;
  let fake: FakeModelServer;
  let guildId: string;

  beforeAll(async () => {
    fake = await startFakeHarnessModelServer();
    e2e = await openE2e({ harnessDir: installed.dir ?? "" });
    guildId = (await createWorkspace(e2e.server, "acme")).guildId;
  });
  afterAll(async () => {
    await e2e?.close();
    await fake?.close();
  });

  const secrets = () => ({
    ANTHROPIC_API_KEY: KEY,
    ANTHROPIC_BASE_URL: fake.origin,
    CLAUDE_CODE_MAX_RETRIES: "0",
  });

  test("every tool: rows live with the pages' words, the code task block, every view", async () => {
    const name = "every tool";
    const agentId = await createScriptedAgent(e2e.server, guildId, {
      name: "coder",
      script: EVERY_TOOL_SCRIPT,
      secrets: secrets(),
    });
    fake.enqueue(
      {
        type: "stream",
        blocks: [
          {
            type: "tool_call",
            id: "toolu_web_e2e_1",
            name: "Bash",
            argChunks: [JSON.stringify({ command: CLAUDE_COMMAND, description: "Make made.txt" })],
          },
        ],
      },
      { type: "stream", blocks: [{ type: "text", chunks: [FINAL_MESSAGE] }] },
    );

    // The operator starts the run from the agent's page.
    const page = await e2e.newPage();
    await recordArrivals(page);
    await page.goto(`/agents/${agentId}`);
    await page.getByLabel("Message", { exact: true }).fill("Check the repository, then add made.txt.");
    await screenshot(page, name, "agent page");
    await page.getByRole("button", { name: "Start run" }).click();
    await page.waitForURL(/\/runs\/[^/?]+/, { timeout: 30_000 });
    const runId = runIdOf(page);

    // The first row shows while the run goes on: it came live, not with the finished run.
    await page.locator(SELECTORS.row).filter({ hasText: "Run ls" }).first().waitFor({ timeout: 60_000 });
    await expect(page.locator(SELECTORS.runStatus).textContent()).resolves.toMatch(/^\s*running\s*$/);
    await expect(page.locator(SELECTORS.streamState).textContent()).resolves.toMatch(/^\s*live\s*$/);
    await expect(page.getByRole("button", { name: "Cancel run" }).count()).resolves.toBe(1);
    await screenshot(page, name, "first row");

    // The code task block, while the harness works: Running…, its brief, progress lines.
    const block = page.locator(SELECTORS.block);
    await block.first().waitFor({ timeout: 120_000 });
    const taskId = (await block.first().getAttribute("data-call-id")) ?? "";
    const taskBlock = page.locator(`${SELECTORS.block}[data-call-id="${taskId}"]`);
    await taskBlock
      .locator('[data-testid="task-status"]', { hasText: "Running…" })
      .waitFor({ timeout: 60_000 });
    await expect(taskBlock.locator('[data-testid="task-brief"]').textContent()).resolves.toContain(BRIEF);
    await taskBlock.locator('[data-testid="task-progress"]').first().waitFor({ timeout: 120_000 });
    const progress = await taskBlock.locator('[data-testid="task-progress"]').allTextContents();
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThanOrEqual(6);
    await expect(taskBlock.getAttribute("data-status")).resolves.toBe("running");
    await screenshotBothSchemes(page, name, "code task running");
    // A running task opens on Result, which shows its progress.
    await taskBlock.click();
    const running = detailRegion(page);
    await running.waitFor();
    await expect(
      running.getByRole("tab", { name: "Result", exact: true }).getAttribute("aria-selected"),
    ).resolves.toBe("true");
    await running
      .getByText(progress[0] ?? "", { exact: false })
      .first()
      .waitFor({ timeout: 10_000 });
    await screenshot(page, name, "code task running result");
    await running.getByRole("button", { name: "Close", exact: true }).click();
    await running.waitFor({ state: "detached" });

    await waitForRunStatus(page, "completed");
    const run = await runEnded(e2e.server, runId);
    expect(run.status).toBe("completed");
    await screenshotBothSchemes(page, name, "run completed");

    const calls = run.tool_calls;
    expect(calls.map((call) => call.tool)).toEqual([
      "shell",
      "shell",
      "shell",
      "shell_status",
      "shell_status",
      "shell_status",
      "file_read",
      "file_read",
      "file_read",
      "code_search",
      "code_search",
      "code_task",
    ]);
    // Every call is one row or block, in order, with the page's words and the call's status.
    const scan = await scanFlow(page);
    const shown = matchCalls(scan.callIds, calls);
    expect(scan.duplicates, "rows in the DOM twice at one place").toEqual([]);
    expect({ unknown: shown.unknown, doubled: shown.doubled, missing: shown.missing }).toEqual({
      unknown: [],
      doubled: [],
      missing: [],
    });
    expect(shown.order).toEqual(calls.map((call) => call.call_id));
    const repeated = calls[7];
    expect(repeated?.repeat_of).toBe(calls[6]?.result_seq);
    for (const { call, text } of expectedRowTexts(calls)) {
      const row = rowOf(page, call);
      await expect(row.count(), `one row for ${call.call_id}`).resolves.toBe(1);
      await expect(rowText(row), `row of ${call.call_id}`).resolves.toBe(text);
      await expect(row.getAttribute("data-status")).resolves.toBe(call.status);
      await expect(row.getAttribute("data-tool")).resolves.toBe(call.tool);
    }

    // The rows came one after another while the run ran, in the run's order.
    const seen = await arrivals(page);
    const match = matchCalls(
      seen.map((arrival) => arrival.callId),
      calls,
    );
    // (A row that was announced under the model's call id may take the server's id once it starts.)
    expect(match.unknown, "rows naming no stored call").toEqual([]);
    expect(match.order).toEqual(calls.map((call) => call.call_id));
    expect(seen.every((arrival) => arrival.runStatus === "running")).toBe(true);
    expect(seen[0]?.present).toBeLessThan(calls.length);
    expect((seen.at(-1)?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThan(3000);

    // The finished code task block.
    const task = calls[11] as ToolCallDetail;
    expect([task.id, task.call_id]).toContain(taskId);
    await expect(taskBlock.getAttribute("data-status")).resolves.toBe("completed");
    await expect(taskBlock.locator('[data-testid="task-status"]').textContent()).resolves.toMatch(
      /^\s*Done\s*$/,
    );
    await expect(taskBlock.locator('[data-testid="task-progress"]').count()).resolves.toBe(0);
    const blockText = (await shownText(taskBlock)).replace(/\s+/g, " ");
    expect(blockText).toContain("Claude Code");
    expect(blockText).toContain("coding task");
    expect(blockText).toContain("wrote");
    expect(blockText).toContain("1 files changed, +1 −0");
    expect(blockText).toContain(REPOSITORY);
    expect(blockText).toMatch(/\b\d+s\b/);
    // The step of the code task carries the harness's logo on the rail.
    const taskStep = page.locator(SELECTORS.step).filter({ has: page.locator('[data-harness="claude"]') });
    await expect(taskStep.count()).resolves.toBeGreaterThan(0);

    await checkShellRowDetail(page, calls[0] as ToolCallDetail, name);
    await checkRepeatedReadDetail(page, repeated as ToolCallDetail, calls[6] as ToolCallDetail);
    await checkCodeTaskDetail(page, task, name);
  });

  test("a harness log already gone: Couldn't load the harness log, with the reason", async () => {
    const agentId = await createScriptedAgent(e2e.server, guildId, {
      name: "pruned",
      script: {
        steps: [step("Asking the harness.", [{ name: "code_task", args: { brief: "Say hello." } }], 0)],
        final_text: "Done.",
      },
      secrets: secrets(),
    });
    fake.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Hello."] }] });
    const started = await e2e.server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
      message: "Go.",
    });
    const run = await runEnded(e2e.server, started.id);
    const task = run.tool_calls.find((call) => call.tool === "code_task");
    expect(task?.status, task?.result ?? "").toBe("completed");
    if (task === undefined) throw new Error("the run made no code_task call");

    // What retention does to an older run: its log leaves the agent's home.
    const logName = path.basename(String(task.metadata.log_path));
    expect(logName).toMatch(/\.harness\.jsonl$/);
    const log = findFile(e2e.server.home, logName);
    expect(log, "the harness log on disk").not.toBeNull();
    rmSync(log ?? "");
    const refused = await e2e.server.fetchApi("GET", `/api/runs/${run.id}/tasks/${task.call_id}/log`);
    expect(refused.status).toBe(404);
    const reason = ((await refused.json()) as { error: { message: string } }).error.message;

    const page = await e2e.newPage();
    await page.goto(`/runs/${run.id}`);
    await blockOf(page, task).click();
    const detail = detailRegion(page);
    await detail.waitFor();
    await openTab(page, "Log", "log");
    await detail.getByText("Couldn't load the harness log").waitFor({ timeout: 60_000 });
    await expect(shownText(detail)).resolves.toContain(reason);
    await screenshot(page, "log gone", "log view");
  });
});

async function openTab(page: Page, tab: string, view: string): Promise<void> {
  await detailRegion(page).getByRole("tab", { name: tab, exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("view") === view);
  // The URL changes before the view renders: the tab is selected in the render that shows it.
  await detailRegion(page).getByRole("tab", { name: tab, exact: true, selected: true }).waitFor();
}

/** A shell row: Arguments, Result (Markdown and Raw, the exact text), Metadata; the URL keeps it. */
async function checkShellRowDetail(page: Page, call: ToolCallDetail, name: string): Promise<void> {
  await rowOf(page, call).click();
  const detail = detailRegion(page);
  await detail.waitFor();
  await page.waitForURL((url) => [call.id, call.call_id].includes(url.searchParams.get("call") ?? ""));
  for (const tab of ["Arguments", "Result", "Metadata"]) {
    await expect(detail.getByRole("tab", { name: tab, exact: true }).count()).resolves.toBe(1);
  }
  await expect(detail.getByRole("tab", { name: "Diff", exact: true }).count()).resolves.toBe(0);

  await openTab(page, "Arguments", "arguments");
  await expect(shownText(detail)).resolves.toContain("ls");
  await expect(shownText(detail)).resolves.toContain("command");

  await openTab(page, "Result", "result");
  await detail.getByRole("button", { name: "Raw", exact: true }).click();
  const result = call.result ?? "";
  // Raw: an element holding the result exactly as returned (a Markdown view would reflow it).
  await expect
    .poll(() =>
      detail
        .locator("pre, code, textarea")
        .evaluateAll(
          (elements, expected) =>
            elements.some((element) => (element.textContent ?? "").trimEnd() === expected),
          result.trimEnd(),
        ),
    )
    .toBe(true);
  await screenshot(page, name, "shell result raw");
  await detail.getByRole("button", { name: "Markdown", exact: true }).click();

  await openTab(page, "Metadata", "metadata");
  await expect(shownText(detail)).resolves.toContain(String(call.metadata.cwd));
  await screenshot(page, name, "shell metadata");

  // A reload reopens the call on the same view.
  await page.reload();
  await detail.waitFor();
  await expect(
    detail.getByRole("tab", { name: "Metadata", exact: true }).getAttribute("aria-selected"),
  ).resolves.toBe("true");
  await detail.getByRole("button", { name: "Close", exact: true }).click();
  await detail.waitFor({ state: "detached" });
  await page.waitForURL((url) => url.searchParams.get("call") === null);
}

/** The repeated file_read: "Same as step" in its metadata, naming the first read's step. */
async function checkRepeatedReadDetail(
  page: Page,
  call: ToolCallDetail,
  first: ToolCallDetail,
): Promise<void> {
  await rowOf(page, call).click();
  const detail = detailRegion(page);
  await detail.waitFor();
  await openTab(page, "Metadata", "metadata");
  const text = await shownText(detail);
  // The step the app shows (the fifth): not the result's message seq, which the model read.
  expect(text).toMatch(/Same as step\s+5\b/);
  expect(first.result_seq).not.toBe(5);
  await detail.getByRole("button", { name: "Close", exact: true }).click();
  await detail.waitFor({ state: "detached" });
}

/** The code task: Result without its log: line, Diff, Log (Steps, JSON), Metadata's rows. */
async function checkCodeTaskDetail(page: Page, task: ToolCallDetail, name: string): Promise<void> {
  const metadata = task.metadata;
  await blockOf(page, task).click();
  const detail = detailRegion(page);
  await detail.waitFor();
  for (const tab of ["Arguments", "Result", "Metadata", "Diff", "Log"]) {
    await expect(detail.getByRole("tab", { name: tab, exact: true }).count()).resolves.toBe(1);
  }

  await openTab(page, "Result", "result");
  await detail.getByText(FINAL_MESSAGE).first().waitFor();
  const resultText = await shownText(detail);
  expect(resultText).toContain("1 files changed, +1 −0");
  expect(resultText).not.toMatch(/log: \.runs\//);
  await screenshotBothSchemes(page, name, "code task result");

  await openTab(page, "Diff", "diff");
  await detail.getByText("made.txt").first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() =>
    [...document.querySelectorAll("td, span, code, pre, div")].some(
      (element) => element.children.length === 0 && element.textContent?.trim() === "made",
    ),
  );
  await screenshotBothSchemes(page, name, "code task diff");

  await openTab(page, "Log", "log");
  await detail.getByRole("button", { name: "Steps", exact: true }).waitFor({ timeout: 60_000 });
  await detail
    .getByText(/Bash: sleep 9/)
    .first()
    .waitFor({ timeout: 60_000 });
  await screenshot(page, name, "code task log steps");
  await detail.getByRole("button", { name: "JSON", exact: true }).click();
  await detail.getByText(String(metadata.session_id)).first().waitFor();
  await screenshot(page, name, "code task log json");

  await openTab(page, "Metadata", "metadata");
  const text = await shownText(detail);
  for (const label of [
    "Status",
    "Harness",
    "Repository",
    "Session",
    "Changes",
    "Checkpoints",
    "Harness log",
  ]) {
    expect(text, label).toContain(label);
  }
  expect(text).toContain("Claude Code");
  expect(text).toContain(REPOSITORY);
  expect(text).toContain(String(metadata.session_id));
  const checkpoints = `${String(metadata.start_sha).slice(0, 7)} → ${String(metadata.end_sha).slice(0, 7)}`;
  expect(text).toContain(checkpoints);
  const logPath = String(metadata.log_path);
  expect(text).toContain(logPath);
  await screenshotBothSchemes(page, name, "code task metadata");
  // The log's path opens Log.
  await detail.getByText(logPath, { exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("view") === "log");
  await detail.getByRole("button", { name: "Steps", exact: true }).waitFor();
}
