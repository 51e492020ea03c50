import type { Locator, Page } from "playwright-core";

/** The DOM contract of the run page (webbrief.md, "DOM contract"). */
export const SELECTORS = {
  row: '[data-testid="tool-row"]',
  block: '[data-testid="code-task-block"]',
  step: '[data-testid="flow-step"]',
  runStatus: '[data-testid="run-status"]',
  streamState: '[data-testid="stream-state"]',
} as const;

/** A stored call's two names: the server's id (tc_...) and the model's call id. */
export interface CallIds {
  id: string;
  call_id: string;
}

/** The row of a call, whichever of its two ids the app puts in data-call-id. */
export function rowOf(page: Page, call: CallIds): Locator {
  return page.locator(byCallId(SELECTORS.row, call));
}

export function blockOf(page: Page, call: CallIds): Locator {
  return page.locator(byCallId(SELECTORS.block, call));
}

function byCallId(selector: string, call: CallIds): string {
  return [call.id, call.call_id].map((id) => `${selector}[data-call-id="${id}"]`).join(", ");
}

/** How the rows and blocks met in the DOM match the stored calls. */
export interface CallMatch {
  /** Calls without a row (their model call ids). */
  missing: string[];
  /** Calls with more than one row. */
  doubled: string[];
  /** data-call-id values that name no stored call. */
  unknown: string[];
  /** The stored calls in the order their rows came in the DOM. */
  order: string[];
}

export function matchCalls(domIds: readonly string[], calls: readonly CallIds[]): CallMatch {
  const rowsOf = new Map<string, number>();
  const unknown: string[] = [];
  const order: string[] = [];
  for (const domId of domIds) {
    // A call announced by the agent's message but not started yet may carry the model's id under a
    // prefix of the app's own ("announced:<step>:<model call id>").
    const modelId = domId.slice(domId.lastIndexOf(":") + 1);
    const call = calls.find(
      (candidate) => candidate.id === domId || candidate.call_id === domId || candidate.call_id === modelId,
    );
    if (call === undefined) {
      unknown.push(domId);
      continue;
    }
    rowsOf.set(call.call_id, (rowsOf.get(call.call_id) ?? 0) + 1);
    if (!order.includes(call.call_id)) order.push(call.call_id);
  }
  return {
    missing: calls.filter((call) => !rowsOf.has(call.call_id)).map((call) => call.call_id),
    doubled: calls.filter((call) => (rowsOf.get(call.call_id) ?? 0) > 1).map((call) => call.call_id),
    unknown,
    order,
  };
}

export function detailRegion(page: Page): Locator {
  return page
    .getByRole("region", { name: "Tool call details" })
    .or(page.getByRole("dialog", { name: "Tool call details" }));
}

/** The run page's status word, once it reads `status`. */
export async function waitForRunStatus(page: Page, status: string, timeout = 240_000): Promise<void> {
  await page
    .locator(SELECTORS.runStatus)
    .filter({ hasText: new RegExp(`^\\s*${status}\\s*$`) })
    .waitFor({ timeout });
}

export interface FlowScan {
  /** Every call id of a row or block, in the order first met from the top. */
  callIds: string[];
  /** data-step of every step header, in order. */
  steps: number[];
  /** Ids met twice in the DOM at one scroll position (a doubled row). */
  duplicates: string[];
}

/**
 * Scrolls the flow's list from its top to its bottom (it is virtualised: only what is on screen is
 * in the DOM) and lists the rows, blocks and steps met, with any id present twice at one position.
 */
export function scanFlow(page: Page): Promise<FlowScan> {
  return page.evaluate(async () => {
    const anchor = document.querySelector(
      '[data-testid="tool-row"], [data-testid="code-task-block"], [data-testid="flow-step"]',
    );
    let scroller: Element | null = anchor?.parentElement ?? null;
    while (scroller !== null) {
      const style = getComputedStyle(scroller);
      if (/(auto|scroll)/.test(style.overflowY) && scroller.scrollHeight > scroller.clientHeight) break;
      scroller = scroller.parentElement;
    }
    const target = scroller ?? document.scrollingElement ?? document.documentElement;
    const frames = () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    const callIds: string[] = [];
    const steps: number[] = [];
    const duplicates = new Set<string>();
    const seenSteps = new Set<number>();
    target.scrollTop = 0;
    await frames();
    for (;;) {
      const here = new Set<string>();
      for (const element of document.querySelectorAll(
        '[data-testid="tool-row"], [data-testid="code-task-block"]',
      )) {
        const id = element.getAttribute("data-call-id") ?? "";
        if (here.has(id)) duplicates.add(id);
        here.add(id);
        if (!callIds.includes(id)) callIds.push(id);
      }
      for (const element of document.querySelectorAll('[data-testid="flow-step"]')) {
        const step = Number(element.getAttribute("data-step"));
        if (!seenSteps.has(step)) {
          seenSteps.add(step);
          steps.push(step);
        }
      }
      const before = target.scrollTop;
      if (before + target.clientHeight >= target.scrollHeight - 1) break;
      target.scrollTop = before + Math.max(50, target.clientHeight * 0.7);
      await frames();
      if (target.scrollTop === before) break;
    }
    return { callIds, steps, duplicates: [...duplicates] };
  });
}

/** One row or block as it first appeared in the DOM. */
export interface Arrival {
  callId: string;
  kind: "row" | "block";
  /** performance.now() in the page. */
  at: number;
  /** The run-status text then. */
  runStatus: string;
  /** Rows and blocks in the DOM then, this one included. */
  present: number;
}

/**
 * Records, from the page's first script on, when each row and block first shows up (a
 * MutationObserver): the rows of a live run must come one after another, while it runs.
 */
export async function recordArrivals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const arrivals: unknown[] = [];
    const seen = new Set<string>();
    (window as unknown as { __arrivals: unknown[] }).__arrivals = arrivals;
    const scan = () => {
      const present = document.querySelectorAll('[data-testid="tool-row"], [data-testid="code-task-block"]');
      for (const element of present) {
        const callId = element.getAttribute("data-call-id") ?? "";
        if (seen.has(callId)) continue;
        seen.add(callId);
        arrivals.push({
          callId,
          kind: element.getAttribute("data-testid") === "tool-row" ? "row" : "block",
          at: performance.now(),
          runStatus: document.querySelector('[data-testid="run-status"]')?.textContent?.trim() ?? "",
          present: present.length,
        });
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  });
}

export function arrivals(page: Page): Promise<Arrival[]> {
  return page.evaluate(() => (window as unknown as { __arrivals?: Arrival[] }).__arrivals ?? []);
}

/** Waits until at least `count` rows and blocks are in the DOM. */
export async function waitForCalls(page: Page, count: number, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      document.querySelectorAll('[data-testid="tool-row"], [data-testid="code-task-block"]').length >= wanted,
    count,
    { timeout },
  );
}

/**
 * The text an operator sees in `locator` (innerText: hidden panels and elements left out, the
 * layout's line breaks kept), its runs of spaces and tabs made one space.
 */
export async function shownText(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not what the DOM holds
  const text = await locator.innerText();
  return text.replace(/[ \t\u00a0]+/g, " ");
}

/**
 * A row's text as the page's "Row reads" table writes it: its summary and its tags ("exit 1",
 * "unchanged since step N"), without the secondary text (rowDetail) or the call's run time.
 */
export async function rowText(row: Locator): Promise<string> {
  const parts = await row
    .locator(".flow-row-summary, .flow-tag")
    // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not what the DOM holds
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText));
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

/** A finished row's secondary text (the first line of output, the lines read, ...); "" without one. */
export async function rowDetail(row: Locator): Promise<string> {
  const detail = row.locator('[data-testid="row-detail"]');
  return (await detail.count()) === 0 ? "" : (await shownText(detail)).trim();
}
