// web-render: the web app's run page in Chromium on a run of 2,000 tool calls, against a static
// HTML page holding the same 2,000 row texts (no framework), loaded from the same origin, in the
// same browser, interleaved. Measured per round, each in a fresh browser context (cold cache):
// navigation to the last row on screen (for the app: every stored event replayed and rendered),
// then a scroll from the top to the bottom at a fixed speed (requestAnimationFrame deltas), then
// the JS heap in use after a full GC.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type BenchServer, withBenchServer } from "./lib/benchServer.ts";
import {
  freshContext,
  heapUsedMib,
  launchChromium,
  rowsSeenAt,
  type ScrollFigures,
  scrollThrough,
  watchForRows,
} from "./lib/browserRender.ts";
import type { PageGlobals } from "./lib/pageGlobals.ts";
import { environment, say } from "./lib/report.ts";
import { round3, summarize } from "./lib/stats.ts";

const BENCH = "web-render";
const STEPS = 200;
const CALLS_PER_STEP = 10;
const CALLS = STEPS * CALLS_PER_STEP;
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
/** Pixels scrolled per frame: 7,200 px a second at 60 frames a second. */
const SCROLL_STEP_PX = 120;
/** A frame longer than this is a dropped frame (three missed at 60 Hz). */
const DROPPED_FRAME_MS = 50;
const ROW = '[data-testid="tool-row"]';
const BASELINE_PATH = "/__bench/baseline.html";
/**
 * Another build of the web app (its dist folder, e.g. one of an earlier commit): when set, it is
 * loaded in turn with the current build, both served from memory by the browser context (the HTML
 * with the server's own headers, its CSP among them), for an A/B of the two in one run.
 */
const BUILD_BEFORE = process.env.GUILDS_BENCH_WEB_BEFORE;
const BUILD_NOW = path.resolve(import.meta.dirname, "../../apps/web/dist");
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

interface StoredCall {
  id: string;
  call_id: string;
}

interface Round {
  /** Navigation to the first call's row on screen, whichever call it is (the app opens at the tail). */
  firstRowMs: number;
  /** Navigation to the last row on screen: for the app, every stored event replayed and rendered. */
  loadMs: number;
  scroll: ScrollFigures;
  heapMib: number;
}

await withBenchServer(measure);

async function measure(server: BenchServer): Promise<void> {
  const guild = await server.api<{ id: string }>("POST", "/api/guilds", { name: "render" });
  const agentId = await server.createScriptedAgent(guild.id, "render", {
    steps: Array.from({ length: STEPS }, (_, index) => ({
      type: "reply" as const,
      text: `Step ${index + 1}: ten calls.`,
      tool_calls: Array.from({ length: CALLS_PER_STEP }, () => ({
        name: "shell",
        args: { command: "true" },
      })),
    })),
    final_text: "Two thousand calls made.",
  });
  const sandbox = await server.sandboxOf(agentId);
  say(`${BENCH}: sandbox ${sandbox}; making a run of ${CALLS} shell calls`);
  const made = Date.now();
  const started = await server.api<{ id: string }>("POST", `/api/agents/${agentId}/runs`, {
    message: "Make two thousand calls.",
  });
  const run = await runToItsEnd(server, started.id);
  const calls = run.tool_calls;
  if (run.status !== "completed" || calls.length !== CALLS) {
    throw new Error(`the run ended ${run.status} with ${calls.length} calls, not completed with ${CALLS}`);
  }
  // What the server alone takes to replay the run's events to a bare client, for context.
  const replays: number[] = [];
  let events = 0;
  for (let round = 0; round < 3; round += 1) {
    const before = performance.now();
    events = await countEvents(server, run.id);
    replays.push(performance.now() - before);
  }
  const replayMs = summarize(replays).p50;
  say(
    `${BENCH}: run ${run.id} made in ${((Date.now() - made) / 1000).toFixed(0)} s: ${events} stored events, ` +
      `replayed to a bare client in ${round3(replayMs)} ms`,
  );

  const rowOf = (call: StoredCall) =>
    [call.id, call.call_id].map((id) => `${ROW}[data-call-id="${id}"]`).join(", ");
  // The app opens a run at its tail: its first row on screen is one of the last calls', not the first's.
  const rows = { first: ROW, last: rowOf(calls.at(-1) as StoredCall) };
  const baselineHtml = staticPage(calls);
  const browser = await launchChromium();
  try {
    const app: Round[] = [];
    const baseline: Round[] = [];
    const before: Round[] = [];
    const arms =
      BUILD_BEFORE === undefined ? (["app", "baseline"] as const) : (["app", "baseline", "before"] as const);
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
      // Rotate which goes first, so none always follows another.
      const order = arms.map((_, index) => arms[(index + round) % arms.length] as (typeof arms)[number]);
      for (const arm of order) {
        const figures =
          arm === "baseline"
            ? await oneRound(browser, server, BASELINE_PATH, rows, { html: baselineHtml })
            : await oneRound(browser, server, `/runs/${run.id}`, rows, {
                build: arm === "before" ? BUILD_BEFORE : BUILD_BEFORE === undefined ? undefined : BUILD_NOW,
              });
        if (round >= WARMUP_ROUNDS) ({ app, baseline, before })[arm].push(figures);
      }
    }
    if (BUILD_BEFORE !== undefined) reportBefore(app, before, baseline, BUILD_BEFORE);
    report(app, baseline, { events, replayMs, sandbox, browser: browser.version() });
  } finally {
    await browser.close();
  }
}

/**
 * One load, scroll and heap reading in a fresh context; `html` is served at `path` when given, and
 * the web app's files from `build` when given.
 */
async function oneRound(
  browser: Browser,
  server: BenchServer,
  path: string,
  rows: { first: string; last: string },
  served: { html?: string; build?: string | undefined },
): Promise<Round> {
  const context = await freshContext(browser, server.origin, server.token);
  try {
    if (served.html !== undefined) {
      const html = served.html;
      await context.route(`${server.origin}${BASELINE_PATH}`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
      );
    }
    if (served.build !== undefined) await serveBuild(context, server.origin, served.build);
    const page = await context.newPage();
    await watchForRows(page, rows.first, rows.last);
    await page.goto(path);
    const seen = await rowsSeenAt(page, 180_000);
    await settle(page);
    const scroll = await scrollThrough(page, ROW, SCROLL_STEP_PX);
    const heapMib = await heapUsedMib(page);
    return { firstRowMs: seen.first, loadMs: seen.last, scroll, heapMib };
  } finally {
    await context.close();
  }
}

/** The app's pages and files from the build in `folder`; the API from the server. */
async function serveBuild(context: BrowserContext, origin: string, folder: string): Promise<void> {
  await context.route(
    (url) => url.origin === origin && !url.pathname.startsWith("/api/"),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname.startsWith("/assets/")) {
        const file = path.join(folder, "assets", path.basename(pathname));
        const contentType = CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";
        await route.fulfill({ status: 200, contentType, body: await readFile(file) });
        return;
      }
      // The server's own answer for its headers (the CSP forbids eval: zod runs slower under it).
      const response = await route.fetch();
      await route.fulfill({ response, body: await readFile(path.join(folder, "index.html"), "utf8") });
    },
  );
}

/** Two idle frames, so the scroll does not start inside the load's last work. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => {
    const { requestAnimationFrame } = globalThis as unknown as PageGlobals;
    return new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(), 200))),
    );
  });
}

/** The same rows without a framework: one section a step, one button a call, as the app's rows read. */
function staticPage(calls: readonly StoredCall[]): string {
  const sections: string[] = [];
  for (let step = 0; step < STEPS; step += 1) {
    const rows = calls
      .slice(step * CALLS_PER_STEP, (step + 1) * CALLS_PER_STEP)
      .map(
        (call) =>
          `<button type="button" class="row" data-testid="tool-row" data-call-id="${call.call_id}">Run true</button>`,
      );
    sections.push(`<section><h3>Step ${step + 1}: ten calls.</h3>${rows.join("")}</section>`);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>baseline</title><style>
body{font:14px system-ui,sans-serif;margin:0 auto;max-width:880px}
h3{font-size:14px;margin:12px 0 4px}
.row{display:block;width:100%;text-align:left;padding:6px 8px;border:1px solid #ddd;border-radius:6px;margin:2px 0;background:#fff;font:13px ui-monospace,monospace}
</style></head><body><main>${sections.join("")}</main></body></html>`;
}

interface RunDetail {
  id: string;
  status: string;
  tool_calls: StoredCall[];
}

async function runToItsEnd(server: BenchServer, runId: string): Promise<RunDetail> {
  for (;;) {
    const run = await server.api<RunDetail>("GET", `/api/runs/${runId}`);
    if (run.status !== "running") return run;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The stored events of the run: what the page replays. */
async function countEvents(server: BenchServer, runId: string): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/api/runs/${runId}/events`, {
    headers: { Authorization: `Bearer ${server.token}` },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error("the event stream has no body");
  const decoder = new TextDecoder();
  let text = "";
  let count = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const frames = text.split("\n\n");
    text = frames.pop() ?? "";
    for (const frame of frames) {
      if (/^id: /m.test(frame)) count += 1;
      if (/^event: run\.ended$/m.test(frame)) {
        controller.abort();
        return count;
      }
    }
  }
  return count;
}

function report(
  app: readonly Round[],
  baseline: readonly Round[],
  context: { events: number; replayMs: number; sandbox: string; browser: string },
): void {
  const env = { ...environment(context.sandbox), chromium: context.browser };
  const load = summarize(app.map((round) => round.loadMs));
  const loadFloor = summarize(baseline.map((round) => round.loadMs));
  const firstRow = summarize(app.map((round) => round.firstRowMs));
  const firstRowFloor = summarize(baseline.map((round) => round.firstRowMs));
  const heap = summarize(app.map((round) => round.heapMib));
  const heapFloor = summarize(baseline.map((round) => round.heapMib));
  const line = (figures: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(figures)}\n`);

  line({
    bench: BENCH,
    variant: `load ${CALLS} calls`,
    baseline: `static HTML, the same ${CALLS} rows`,
    n: load.n,
    p50_ms: round3(load.p50),
    p95_ms: round3(load.p95),
    baseline_p50_ms: round3(loadFloor.p50),
    baseline_p95_ms: round3(loadFloor.p95),
    ratio_p50: round3(load.p50 / loadFloor.p50),
    ratio_p95: round3(load.p95 / loadFloor.p95),
    first_row_p50_ms: round3(firstRow.p50),
    baseline_first_row_p50_ms: round3(firstRowFloor.p50),
    stored_events: context.events,
    server_replay_ms: round3(context.replayMs),
    heap_used_mib: round3(heap.p50),
    baseline_heap_used_mib: round3(heapFloor.p50),
    ratio_heap: round3(heap.p50 / heapFloor.p50),
    env,
  });
  say(
    `${BENCH} load: navigation to the last of ${CALLS} rows on screen p50 ${round3(load.p50)} ms ` +
      `(p95 ${round3(load.p95)}) vs the static page p50 ${round3(loadFloor.p50)} ms, ratio p50 ` +
      `${round3(load.p50 / loadFloor.p50)}x; first row ${round3(firstRow.p50)} ms vs ${round3(firstRowFloor.p50)} ms; ` +
      `${context.events} events replayed (the server alone: ${round3(context.replayMs)} ms); JS heap after GC ` +
      `${round3(heap.p50)} MiB vs ${round3(heapFloor.p50)} MiB (${round3(heap.p50 / heapFloor.p50)}x), n=${load.n}`,
  );

  const frames = app.flatMap((round) => round.scroll.frameMs);
  const floorFrames = baseline.flatMap((round) => round.scroll.frameMs);
  const scroll = summarize(frames);
  const floor = summarize(floorFrames);
  const max = (values: readonly number[]) => values.reduce((top, value) => Math.max(top, value), 0);
  const dropped = (values: readonly number[]) => values.filter((value) => value > DROPPED_FRAME_MS).length;
  const rowsSeen = Math.min(...app.map((round) => round.scroll.callIds));
  line({
    bench: BENCH,
    variant: "scroll top to bottom",
    baseline: "static HTML, the same scroll",
    n: scroll.n,
    p50_ms: round3(scroll.p50),
    p95_ms: round3(scroll.p95),
    max_ms: round3(max(frames)),
    dropped_frames: dropped(frames),
    baseline_p50_ms: round3(floor.p50),
    baseline_p95_ms: round3(floor.p95),
    baseline_max_ms: round3(max(floorFrames)),
    baseline_dropped_frames: dropped(floorFrames),
    ratio_p50: round3(scroll.p50 / floor.p50),
    ratio_p95: round3(scroll.p95 / floor.p95),
    scroll_px_per_frame: SCROLL_STEP_PX,
    scroll_ms_p50: round3(summarize(app.map((round) => round.scroll.totalMs)).p50),
    scroll_px: Math.max(...app.map((round) => round.scroll.scrolledPx)),
    baseline_scroll_px: Math.max(...baseline.map((round) => round.scroll.scrolledPx)),
    baseline_scroll_ms_p50: round3(summarize(baseline.map((round) => round.scroll.totalMs)).p50),
    row_ids_seen_min: rowsSeen,
    rounds: app.length,
    env,
  });
  say(
    `${BENCH} scroll: frame p50 ${round3(scroll.p50)} ms, p95 ${round3(scroll.p95)} ms, max ` +
      `${round3(max(frames))} ms, ${dropped(frames)} of ${frames.length} frames over ${DROPPED_FRAME_MS} ms vs ` +
      `the static page p50 ${round3(floor.p50)} ms, p95 ${round3(floor.p95)} ms, max ${round3(max(floorFrames))} ms, ` +
      `${dropped(floorFrames)} of ${floorFrames.length}; ratio p95 ${round3(scroll.p95 / floor.p95)}x; ` +
      `${rowsSeen} distinct row ids met on the way (of ${CALLS} calls)`,
  );
}

/** The current build against the one of GUILDS_BENCH_WEB_BEFORE, both against the static page. */
function reportBefore(
  now: readonly Round[],
  before: readonly Round[],
  baseline: readonly Round[],
  folder: string,
): void {
  const load = summarize(now.map((round) => round.loadMs));
  const earlier = summarize(before.map((round) => round.loadMs));
  const floor = summarize(baseline.map((round) => round.loadMs));
  const scroll = summarize(now.flatMap((round) => round.scroll.frameMs));
  const earlierScroll = summarize(before.flatMap((round) => round.scroll.frameMs));
  process.stdout.write(
    `${JSON.stringify({
      bench: BENCH,
      variant: `load ${CALLS} calls, this build against ${path.basename(folder)}`,
      baseline: `the web app built in ${path.basename(folder)}, served alike`,
      n: load.n,
      p50_ms: round3(load.p50),
      p95_ms: round3(load.p95),
      baseline_p50_ms: round3(earlier.p50),
      baseline_p95_ms: round3(earlier.p95),
      ratio_p50: round3(load.p50 / earlier.p50),
      static_p50_ms: round3(floor.p50),
      ratio_static_p50: round3(load.p50 / floor.p50),
      before_ratio_static_p50: round3(earlier.p50 / floor.p50),
      first_row_p50_ms: round3(summarize(now.map((round) => round.firstRowMs)).p50),
      before_first_row_p50_ms: round3(summarize(before.map((round) => round.firstRowMs)).p50),
      scroll_p95_ms: round3(scroll.p95),
      before_scroll_p95_ms: round3(earlierScroll.p95),
    })}\n`,
  );
  say(
    `${BENCH} A/B: last row p50 ${round3(load.p50)} ms (${round3(load.p50 / floor.p50)}x the static page) ` +
      `against ${round3(earlier.p50)} ms (${round3(earlier.p50 / floor.p50)}x) for ${path.basename(folder)}; ` +
      `scroll p95 ${round3(scroll.p95)} against ${round3(earlierScroll.p95)} ms`,
  );
}
