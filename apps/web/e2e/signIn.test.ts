// The sign-in page against a real server: a wrong token is refused in a browser user's words, the
// right one opens the app and stays in this browser.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenshot } from "./lib/artifacts.ts";
import { missingBrowser, VIEWPORT } from "./lib/browser.ts";
import { type E2e, openE2e } from "./lib/e2eFixture.ts";

const browserMissing = missingBrowser();
if (browserMissing !== null) console.warn(`skipping the web app's sign-in e2e test: ${browserMissing}`);

describe.skipIf(browserMissing !== null)("signing in", () => {
  let e2e: E2e;

  beforeAll(async () => {
    e2e = await openE2e();
    await e2e.server.api("POST", "/api/guilds", { name: "signed-in" });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  test("a wrong token is refused in the operator's words; the right one signs in", async () => {
    // What the server answers a token it does not know.
    const refused = await fetch(`${e2e.server.url}/api/guilds`, {
      headers: { authorization: "Bearer not-a-token-of-this-server" },
    });
    expect(refused.status).toBe(401);
    const message = ((await refused.json()) as { error: { message: string } }).error.message;

    const context = await e2e.browser.newContext({ baseURL: e2e.server.url, viewport: VIEWPORT });
    const page = await context.newPage();
    try {
      await page.goto("/");
      const input = page.getByLabel("Operator token", { exact: true });
      await input.waitFor();
      await screenshot(page, "sign in", "empty");

      await input.fill("not-a-token-of-this-server");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      // Said for a browser user: not the API's message, which tells a client what header to send.
      await page.getByText("revoked, mistyped, or made by another server").waitFor({ timeout: 15_000 });
      await expect(page.getByText(message, { exact: false }).count()).resolves.toBe(0);
      await expect(input.isVisible()).resolves.toBe(true);
      await expect(page.evaluate(() => localStorage.getItem("guilds.token"))).resolves.toBeNull();
      await screenshot(page, "sign in", "refused");

      await input.fill(e2e.server.token);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByText("signed-in").first().waitFor({ timeout: 15_000 });
      await expect(page.getByLabel("Operator token", { exact: true }).count()).resolves.toBe(0);
      await expect(page.evaluate(() => localStorage.getItem("guilds.token"))).resolves.toBe(e2e.server.token);
      await screenshot(page, "sign in", "signed in");

      // The token stays in this browser: a reload opens the app, not the sign-in page.
      await page.reload();
      await page.getByText("signed-in").first().waitFor({ timeout: 15_000 });
      await expect(page.getByLabel("Operator token", { exact: true }).count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });
});
