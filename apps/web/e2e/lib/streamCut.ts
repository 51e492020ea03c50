import type { Page } from "playwright-core";

/** What the page's fetch wrapper saw of the run's event stream. */
export interface StreamCutReport {
  /** Each request of /api/runs/<id>/events: its Last-Event-ID (null for none). */
  requests: { lastEventId: string | null }[];
  /** The id of the last whole frame the page got before the cut; null before it. */
  lastWholeIdBeforeCut: number | null;
  cut: boolean;
}

/**
 * Makes the first response of the run's SSE stream fail like a dropped connection: in the read that
 * brings its `afterFrames`-th stored event (a frame with an id), the page gets only the first half of
 * the bytes, then a network error, so it may hold a partial frame. Later requests pass untouched.
 * The app must reconnect with Last-Event-ID = the last whole event it got, so that nothing is lost
 * or doubled.
 */
export async function cutEventStreamOnce(page: Page, afterFrames: number): Promise<void> {
  await page.addInitScript((limit: number) => {
    const report = {
      requests: [] as { lastEventId: string | null }[],
      lastWholeIdBeforeCut: null as number | null,
      cut: false,
    };
    (window as unknown as { __streamCut: typeof report }).__streamCut = report;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      // The stream only: not the run's snapshot (…/events/snapshot), which the page reads first.
      if (!/\/api\/runs\/[^/]+\/events(?:[?#]|$)/.test(url)) return original(input, init);
      const headers = new Headers(init?.headers);
      report.requests.push({ lastEventId: headers.get("Last-Event-ID") });
      const response = await original(input, init);
      if (report.requests.length > 1 || response.body === null) return response;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = "";
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            return;
          }
          const textBefore = text;
          text += decoder.decode(value, { stream: true });
          // Whole frames so far: each ends with a blank line; count those with an id.
          const whole = text.slice(0, text.lastIndexOf("\n\n") + 2);
          const ids = [...whole.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
          if (ids.length < limit) {
            controller.enqueue(value);
            return;
          }
          // Half of this chunk, then the drop: the page may hold a partial frame.
          const half = value.slice(0, Math.floor(value.length / 2));
          const partial = textBefore + new TextDecoder().decode(half);
          const wholeBefore = partial.slice(0, partial.lastIndexOf("\n\n") + 2);
          const idsBefore = [...wholeBefore.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
          report.lastWholeIdBeforeCut = idsBefore.at(-1) ?? null;
          report.cut = true;
          controller.enqueue(half);
          controller.error(new TypeError("network error (the e2e test cut the stream)"));
          void reader.cancel();
        },
      });
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }, afterFrames);
}

export function streamCutReport(page: Page): Promise<StreamCutReport> {
  return page.evaluate(
    () =>
      (window as unknown as { __streamCut?: StreamCutReport }).__streamCut ?? {
        requests: [],
        lastWholeIdBeforeCut: null,
        cut: false,
      },
  );
}
