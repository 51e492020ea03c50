// The web app under the server's security headers, in a real browser: its pages load with nothing
// refused by the CSP (the fixture fails any test whose pages had a refusal), its script comes
// compressed, and a script the app did not ship is refused.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { missingBrowser } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";
import { createScriptedAgent, createWorkspace, runEnded } from "./lib/orchestrator.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's CSP e2e test: ${browserMissing}`);

describe.skipIf(browserMissing !== null)("the web app under its CSP", () => {
  let e2e: E2e;

  beforeAll(async () => {
    e2e = await openE2e();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  test("its pages load with nothing refused, compressed, framed by no one", async () => {
    const { guildId } = await createWorkspace(e2e.server, "policy");
    const agentId = await createScriptedAgent(e2e.server, guildId, {
      name: "writer",
      script: {
        steps: [
          {
            type: "reply",
            text: "Listing, in **Markdown**.",
            tool_calls: [{ name: "shell", args: { command: "printf '# Title\\n\\n- `code`\\n'" } }],
          },
        ],
        final_text: "Done.",
      },
    });
    const page = await e2e.newPage();
    const scripts: Promise<{ url: string; bytes: number; encoding: string | undefined }>[] = [];
    page.on("response", (response) => {
      if (!response.url().endsWith(".js")) return;
      const encoding = response.headers()["content-encoding"];
      scripts.push(response.body().then((body) => ({ url: response.url(), bytes: body.length, encoding })));
    });
    const document = await page.goto(`/agents/${agentId}`);
    const headers = document?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");

    await page.getByLabel("Message", { exact: true }).fill("Write some Markdown.");
    await page.getByRole("button", { name: "Start run" }).click();
    await page.waitForURL(/\/runs\/[^/?]+/);
    const runId = decodeURIComponent(/\/runs\/([^/?#]+)/.exec(page.url())?.[1] ?? "");
    const run = await runEnded(e2e.server, runId, 120_000);
    const row = page.locator('[data-testid="tool-row"]').first();
    await row.waitFor({ timeout: 60_000 });
    await row.click();
    await page.getByRole("tab", { name: "Result", exact: true }).click();
    await page.getByText("Title").first().waitFor({ timeout: 15_000 });
    expect(run.status).toBe("completed");

    expect(scripts.length).toBeGreaterThan(0);
    // Below 1 KiB an answer goes as it is.
    for (const script of await Promise.all(scripts))
      expect([script.url, script.encoding]).toEqual([script.url, script.bytes < 1024 ? undefined : "br"]);
    expect(e2e.contentPolicy.refusals).toEqual([]);
  });

  test("a script the app did not ship is refused, and the watch sees it", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    await page.evaluate(() => {
      const injected = document.createElement("script");
      injected.textContent = "window.injected = true";
      document.body.append(injected);
    });
    await expect.poll(() => e2e.contentPolicy.refusals.length, { timeout: 5_000 }).toBeGreaterThan(0);
    await expect(
      page.evaluate(() => (window as unknown as { injected?: boolean }).injected),
    ).resolves.toBeUndefined();
    expect(e2e.contentPolicy.refusals.join("\n")).toMatch(/script-src/);
    // Refused on purpose: not a refusal of the app's own.
    e2e.contentPolicy.refusals.length = 0;
  });
});
