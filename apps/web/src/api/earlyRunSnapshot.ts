import { readOperatorToken } from "./operatorToken.ts";

/** GET /api/runs/{runId}/events/snapshot's answer, as the server sends it. */
export interface RunSnapshotAnswer {
  events: unknown[];
  last_event_id: number;
}

/**
 * A run page's first requests, made by the entry script before the app's own scripts are in: the
 * run's stored events in one answer (the snapshot), and as soon as it is in, the run's event stream
 * after its last event. The server reads the events while the browser fetches and parses the app,
 * and the live events (tool.progress among them, never stored) are held by the open stream until the
 * app reads it. The run page takes them (takeEarlyRunSnapshot); a page of anything else, or without
 * a token, asks for nothing. Imports nothing heavy: it runs first.
 */
export interface EarlyRun {
  snapshot: Promise<RunSnapshotAnswer>;
  /** The stream after the snapshot's last event (Last-Event-ID); rejects when the snapshot failed. */
  stream: Promise<Response>;
  abort: () => void;
}

let early: (EarlyRun & { runId: string }) | null = null;

const RUN_PATH = /^\/runs\/([^/]+)\/?$/;

export function startEarlyRunSnapshot(pathname: string): void {
  const match = RUN_PATH.exec(pathname);
  const token = readOperatorToken();
  if (match?.[1] === undefined || token === null) return;
  const runId = decodeURIComponent(match[1]);
  const controller = new AbortController();
  const path = `/api/runs/${encodeURIComponent(runId)}/events`;
  const request = (url: string, headers: Record<string, string>) =>
    fetch(url, {
      headers: { Authorization: `Bearer ${token}`, ...headers },
      cache: "no-store",
      signal: controller.signal,
    });
  const snapshot = request(`${path}/snapshot`, { Accept: "application/json" }).then((response) => {
    if (!response.ok) throw new Error(`the run's snapshot was refused: ${response.status}`);
    return response.json() as Promise<RunSnapshotAnswer>;
  });
  const stream = snapshot.then((answer) =>
    request(path, { Accept: "text/event-stream", "Last-Event-ID": String(answer.last_event_id) }),
  );
  // Whoever takes them handles their failure; ones never taken must not report an unhandled rejection.
  snapshot.catch(() => undefined);
  stream.catch(() => undefined);
  early = { runId, snapshot, stream, abort: () => controller.abort() };
}

/** The early requests of `runId`, once: null when there are none (or they were taken). */
export function takeEarlyRunSnapshot(runId: string): EarlyRun | null {
  if (early === null || early.runId !== runId) return null;
  const { snapshot, stream, abort } = early;
  early = null;
  return { snapshot, stream, abort };
}
