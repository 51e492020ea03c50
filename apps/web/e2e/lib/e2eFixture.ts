import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, signedInContext } from "./browser.ts";
import { ContentPolicyWatch } from "./contentPolicy.ts";
import { type E2eServer, type E2eServerOptions, startE2eServer } from "./orchestrator.ts";

/** One server and one browser for a test file; a signed-in context per page. */
export interface E2e {
  server: E2eServer;
  browser: Browser;
  /** A new page of a new signed-in context, closed by close(). */
  newPage(): Promise<Page>;
  /** What the browser refused under the server's CSP on those pages; close() fails on any. */
  contentPolicy: ContentPolicyWatch;
  close(): Promise<void>;
}

export async function openE2e(options: E2eServerOptions = {}): Promise<E2e> {
  const server = await startE2eServer(options);
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
  const contexts: BrowserContext[] = [];
  const contentPolicy = new ContentPolicyWatch();
  return {
    server,
    browser,
    contentPolicy,
    async newPage() {
      const context = await signedInContext(browser, server.url, server.token);
      contexts.push(context);
      await contentPolicy.watch(context);
      const otherBuild = process.env.GUILDS_E2E_WEB_DIST;
      if (otherBuild) await serveOtherBuild(context, server.url, otherBuild);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.stop();
      contentPolicy.expectNone();
    },
  };
}

/** The one file named `name` under `folder` (a machine's home lives somewhere under GUILDS_HOME). */
export function findFile(folder: string, name: string): string | null {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory() && !entry.isSymbolicLink()) {
      const found = findFile(full, name);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The run id of a /runs/<id> page. */
export function runIdOf(page: Page): string {
  const match = /\/runs\/([^/?#]+)/.exec(page.url());
  if (match?.[1] === undefined) throw new Error(`not a run page: ${page.url()}`);
  return decodeURIComponent(match[1]);
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/**
 * GUILDS_E2E_WEB_DIST=<folder>: the browser gets the app's files from another build of it (a fix
 * being tried) instead of the server's apps/web/dist; the API still comes from the server.
 */
async function serveOtherBuild(context: BrowserContext, origin: string, folder: string): Promise<void> {
  await context.route(
    (url) => url.origin === origin && !url.pathname.startsWith("/api/"),
    async (route) => {
      const wanted = path.join(folder, new URL(route.request().url()).pathname);
      const file = existsSync(wanted) && statSync(wanted).isFile() ? wanted : path.join(folder, "index.html");
      await route.fulfill({
        status: 200,
        contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
        body: readFileSync(file),
      });
    },
  );
}
