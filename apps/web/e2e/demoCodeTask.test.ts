// The demo as a newcomer meets it, with a harness installed: the server seeds the demo agent with the
// first installed harness (the real Claude Code of `npm run test:harnesses`), and its script ends with
// a code_task on the sample repository, shown as a code task block. The harness runs against a fake
// model server on 127.0.0.1 through the agent's secrets, as an operator's API key would.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_TASK_BRIEF } from "../../orchestrator/src/app/demoScript.ts";
import { startFakeHarnessModelServer } from "../../orchestrator/test/fakes/fakeHarnessModelServer.ts";
import type { FakeModelServer } from "../../orchestrator/test/fakes/fakeModelServer.ts";
import { testHarnessDir } from "../../orchestrator/test/harnesses/testHarnessDir.ts";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e, runIdOf } from "./lib/e2eFixture.ts";
import { SELECTORS, shownText, waitForRunStatus } from "./lib/flowPage.ts";
import { runEnded } from "./lib/orchestrator.ts";

const installed = testHarnessDir();
const browserMissing = missingBrowser();
const skipReason = browserMissing ?? (installed.dir === null ? installed.reason : null);
if (skipReason !== null) console.warn(`skipping the demo's code task e2e test: ${skipReason}`);

describe.skipIf(skipReason !== null)("the demo with a harness installed", () => {
  let e2e: E2e;
  let fake: FakeModelServer;

  beforeAll(async () => {
    fake = await startFakeHarnessModelServer();
    e2e = await openE2e({ harnessDir: installed.dir ?? "" });
  });
  afterAll(async () => {
    await e2e?.close();
    await fake?.close();
  });

  test("the demo agent has the harness and its run ends with a code task block on the sample", async () => {
    const { guilds } = await e2e.server.api<{ guilds: { id: string; name: string }[] }>("GET", "/api/guilds");
    const [guild] = guilds;
    expect(guild?.name).toBe("demo");
    const { agents } = await e2e.server.api<{
      agents: { id: string; name: string; harness: string | null }[];
    }>("GET", `/api/guilds/${guild?.id}/agents`);
    const [agent] = agents;
    expect(agent).toMatchObject({ name: "demo", harness: "claude" });
    for (const [name, value] of Object.entries({
      ANTHROPIC_API_KEY: "sk-ant-fake-demo-0123456789",
      ANTHROPIC_BASE_URL: fake.origin,
      CLAUDE_CODE_MAX_RETRIES: "0",
    })) {
      await e2e.server.api("PUT", `/api/agents/${agent?.id}/secrets/${name}`, { value });
    }
    fake.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Looked at the TODO."] }] });

    const page = await e2e.newPage();
    await page.goto(`/agents/${agent?.id}`);
    await page.getByLabel("Message", { exact: true }).fill("hello");
    await page.getByRole("button", { name: "Start run" }).click();
    await page.waitForURL(/\/runs\/[^/?]+/, { timeout: 30_000 });
    await waitForRunStatus(page, "completed");
    const run = await runEnded(e2e.server, runIdOf(page));
    expect(run.tool_calls.map((call) => call.tool)).toEqual([
      "shell",
      "file_read",
      "code_search",
      "shell",
      "shell_status",
      "code_task",
    ]);
    const task = run.tool_calls.at(-1);
    expect(task?.status, task?.result ?? "").toBe("completed");

    const block = page.locator(SELECTORS.block);
    await expect(block.count()).resolves.toBe(1);
    await expect(block.getAttribute("data-status")).resolves.toBe("completed");
    const blockText = (await shownText(block)).replace(/\s+/g, " ");
    expect(blockText).toContain("Claude Code");
    expect(blockText).toContain(DEMO_TASK_BRIEF.replace(/\s+/g, " ").slice(0, 60));
    expect(blockText).toContain("tally");
    await expect(shownText(page.locator("main"))).resolves.toContain("code_task handed the TODO to claude");
    await screenshot(page, "demo code task", "run completed");
  });
});
