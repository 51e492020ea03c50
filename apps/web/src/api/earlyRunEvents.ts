import { readOperatorToken } from "./operatorToken.ts";

/**
 * A run page's event stream asked for by the entry script, before the app's own scripts are in: the
 * server replays the run's stored events while the browser fetches and parses the app, instead of
 * after. The first follower of that run takes it (takeEarlyRunEvents); a page of anything else, or
 * without a token, asks for nothing. Imports nothing heavy: it runs first.
 */
interface EarlyRequest {
  runId: string;
  response: Promise<Response>;
  abort: () => void;
}

let early: EarlyRequest | null = null;

const RUN_PATH = /^\/runs\/([^/]+)\/?$/;

export function startEarlyRunEvents(pathname: string): void {
  const match = RUN_PATH.exec(pathname);
  const token = readOperatorToken();
  if (match?.[1] === undefined || token === null) return;
  const runId = decodeURIComponent(match[1]);
  const controller = new AbortController();
  const response = fetch(`/api/runs/${encodeURIComponent(runId)}/events`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" },
    cache: "no-store",
    signal: controller.signal,
  });
  // Whoever takes it handles its failure; one never taken must not report an unhandled rejection.
  response.catch(() => undefined);
  early = { runId, response, abort: () => controller.abort() };
}

/** The early stream of `runId`, once: null when there is none (or it was taken). */
export function takeEarlyRunEvents(runId: string): Omit<EarlyRequest, "runId"> | null {
  if (early === null || early.runId !== runId) return null;
  const taken = early;
  early = null;
  return { response: taken.response, abort: taken.abort };
}
