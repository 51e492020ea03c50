// Steering a run from the browser, against a real server: a message written while the agent runs a
// slow command is queued (shown above the composer), then delivered after the command's result, and
// the model's next generation reads it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot, screenshotBothSchemes } from "./lib/artifacts.ts";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e, runIdOf } from "./lib/e2eFixture.ts";
import { SELECTORS, waitForRunStatus } from "./lib/flowPage.ts";
import { createScriptedAgent, createWorkspace, runEnded } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's steering e2e test: ${browserMissing}`);

const STEER = "Also print the date when you are done.";

describe.skipIf(browserMissing !== null)("steering a run mid-run", () => {
  let e2e: E2e;
  let guildId: string;

  beforeAll(async () => {
    e2e = await openE2e();
    guildId = (await createWorkspace(e2e.server, "steering")).guildId;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  test("a message queued during a run and delivered", async () => {
    const agentId = await createScriptedAgent(e2e.server, guildId, {
      name: "slow",
      script: {
        steps: [
          {
            type: "reply",
            text: "Running a slow command.",
            tool_calls: [{ name: "shell", args: { command: "sleep 5" } }],
          },
        ],
        final_text: "Done.",
      },
    });
    const page = await e2e.newPage();
    await page.goto(`/agents/${agentId}`);
    await page.getByLabel("Message", { exact: true }).fill("Sleep a while.");
    await page.getByRole("button", { name: "Start run" }).click();
    await page.waitForURL(/\/runs\/[^/?]+/);
    const runId = runIdOf(page);
    await page.locator(`${SELECTORS.row}[data-status="running"]`).waitFor({ timeout: 60_000 });

    // The composer stays usable while the run works.
    const composer = page.getByLabel("Message", { exact: true });
    await expect(composer.isEnabled()).resolves.toBe(true);
    await composer.fill(STEER);
    await page.getByRole("button", { name: "Queue" }).click();
    const queued = page.getByRole("region", { name: "Queued messages" });
    await queued.getByText(STEER).waitFor({ timeout: 10_000 });
    await expect(queued.getByText("The agent reads these at its next step.").count()).resolves.toBe(1);
    await expect(composer.inputValue()).resolves.toBe("");
    // Still queued: the slow command has not returned yet.
    await expect(page.locator(".flow-operator-bubble", { hasText: STEER }).count()).resolves.toBe(0);
    await screenshotBothSchemes(page, "steering", "queued");

    // Delivered: it leaves the queue and joins the conversation, read by the next generation.
    await page.locator(".flow-operator-bubble", { hasText: STEER }).waitFor({ timeout: 60_000 });
    await queued.waitFor({ state: "detached", timeout: 10_000 });
    await screenshot(page, "steering", "delivered");

    await waitForRunStatus(page, "completed", 120_000);
    const run = await runEnded(e2e.server, runId, 30_000);
    expect(run.status).toBe("completed");
    const conversation = run.messages.map((message) => message.role);
    expect(conversation).toEqual([
      "operator",
      "assistant",
      "tool",
      "operator",
      "assistant",
      "tool",
      "assistant",
    ]);
    const steered = run.messages[3];
    expect(steered?.content).toEqual({ text: STEER });
    // After the slow command's result, and before the generation that read it.
    expect(run.tool_calls[0]?.status).toBe("completed");
    expect(run.messages[2]?.role).toBe("tool");
    await screenshotBothSchemes(page, "steering", "completed");
  });
});
