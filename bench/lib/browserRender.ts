import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import type { PageElement, PageGlobals } from "./pageGlobals.ts";

/** Debian's chromium, as the web app's end-to-end tests drive it; GUILDS_E2E_CHROMIUM names another. */
export const CHROMIUM_PATH = process.env.GUILDS_E2E_CHROMIUM || "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ["--no-sandbox"] });
}

/** A laptop's window: what an operator scrolls through. */
export const VIEWPORT = { width: 1280, height: 900 };

/** A fresh context (cold cache, no storage) with the operator's token in localStorage. */
export async function freshContext(browser: Browser, origin: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT });
  await context.addInitScript(
    (value) => (globalThis as unknown as PageGlobals).localStorage.setItem("guilds.token", value),
    token,
  );
  return context;
}

/**
 * Installed before the page's own scripts: records, in the page's clock (performance.now(), from
 * the navigation's start), when `first` and then `last` first match, each with the next animation
 * frame after it (the frame that shows it).
 */
export async function watchForRows(page: Page, first: string, last: string): Promise<void> {
  await page.addInitScript(
    ({ firstRow, lastRow }) => {
      const inPage = globalThis as unknown as PageGlobals;
      const seen = { first: null as number | null, last: null as number | null };
      inPage.__seen = seen;
      const check = () => {
        for (const [key, selector] of [
          ["first", firstRow],
          ["last", lastRow],
        ] as const) {
          if (seen[key] !== null || inPage.document.querySelector(selector) === null) continue;
          seen[key] = -1;
          inPage.requestAnimationFrame(() => {
            seen[key] = performance.now();
          });
        }
        if (seen.last !== null) observer.disconnect();
      };
      const observer = new inPage.MutationObserver(check);
      observer.observe(inPage.document, { childList: true, subtree: true, attributes: true });
    },
    { firstRow: first, lastRow: last },
  );
}

/** When the first and the last row were on screen (ms from the navigation's start); waits for both. */
export async function rowsSeenAt(page: Page, timeoutMs: number): Promise<{ first: number; last: number }> {
  const handle = await page.waitForFunction(
    () => {
      const seen = (globalThis as unknown as PageGlobals).__seen;
      return seen !== undefined && (seen.first ?? -1) >= 0 && (seen.last ?? -1) >= 0 ? seen : null;
    },
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as { first: number; last: number };
}

export interface ScrollFigures {
  /** requestAnimationFrame deltas while scrolling, in ms. */
  frameMs: number[];
  totalMs: number;
  scrolledPx: number;
  /** Distinct data-call-id values met on the way (rows and blocks). */
  callIds: number;
  /** Distinct elements matching `rowSelector` met (for a page without call ids). */
  rows: number;
}

/**
 * Scrolls the list holding `rowSelector` (its nearest scrollable ancestor, else the page) from its
 * top to its bottom, `stepPx` per frame, and returns the frame deltas: the same for the app and
 * the static baseline.
 */
export function scrollThrough(page: Page, rowSelector: string, stepPx: number): Promise<ScrollFigures> {
  return page.evaluate(
    async ({ selector, step }) => {
      const { document, requestAnimationFrame, getComputedStyle } = globalThis as unknown as PageGlobals;
      const first = document.querySelector(selector);
      let scroller: PageElement | null = first?.parentElement ?? null;
      while (scroller !== null) {
        const style = getComputedStyle(scroller);
        if (/(auto|scroll)/.test(style.overflowY) && scroller.scrollHeight > scroller.clientHeight) break;
        scroller = scroller.parentElement;
      }
      const target = scroller ?? document.scrollingElement ?? document.documentElement;
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      target.scrollTop = 0;
      await frame();
      await frame();
      const ids = new Set<string>();
      const rows = new Set<PageElement>();
      const collect = () => {
        for (const element of document.querySelectorAll(selector)) {
          rows.add(element);
          const id = element.getAttribute("data-call-id");
          if (id !== null) ids.add(id);
        }
      };
      const frameMs: number[] = [];
      let last = await frame();
      const started = last;
      let stuck = 0;
      // A live list may grow while it is scrolled; three frames without moving is the bottom.
      while (stuck < 3) {
        const before = target.scrollTop;
        target.scrollTop = before + step;
        const now = await frame();
        frameMs.push(now - last);
        last = now;
        collect();
        stuck = target.scrollTop === before ? stuck + 1 : 0;
      }
      return {
        frameMs: frameMs.slice(0, frameMs.length - 3),
        totalMs: last - started,
        scrolledPx: target.scrollTop,
        callIds: ids.size,
        rows: rows.size,
      };
    },
    { selector: rowSelector, step: stepPx },
  );
}

/** JS heap in use after a full garbage collection (CDP), in MiB. */
export async function heapUsedMib(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("HeapProfiler.enable");
    await session.send("HeapProfiler.collectGarbage");
    await session.send("Performance.enable");
    const { metrics } = await session.send("Performance.getMetrics");
    const used = metrics.find((metric) => metric.name === "JSHeapUsedSize")?.value ?? Number.NaN;
    return used / (1024 * 1024);
  } finally {
    await session.detach();
  }
}
