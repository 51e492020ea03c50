import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

/** apps/web/e2e/artifacts/ (gitignored): a screenshot of each state the tests reach. */
export const ARTIFACTS_DIR = fileURLToPath(new URL("../artifacts/", import.meta.url));

/** `<test>--<state>.png`, the whole page. */
export async function screenshot(page: Page, test: string, state: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${slug(test)}--${slug(state)}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The same state in light then dark (prefers-color-scheme), back to light after. */
export async function screenshotBothSchemes(page: Page, test: string, state: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await screenshot(page, test, `${state}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
