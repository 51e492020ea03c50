import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

/** Debian's chromium (CI installs it with apt); GUILDS_E2E_CHROMIUM names another. */
export const CHROMIUM_PATH = process.env.GUILDS_E2E_CHROMIUM || "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export function missingBrowser(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `no chromium at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set GUILDS_E2E_CHROMIUM`;
}

/** Headless chromium; --no-sandbox because the tests run as root. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
}

/** Tall enough for a run of a few dozen rows to be on screen at once (the flow is virtualised). */
export const VIEWPORT = { width: 1280, height: 2000 };

/**
 * A browser context signed in as the operator: the token is in localStorage ("guilds.token")
 * before any script of the app runs.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  token: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  await context.addInitScript((value) => {
    if (window.localStorage.getItem("guilds.token") === null)
      window.localStorage.setItem("guilds.token", value);
  }, token);
  return context;
}
