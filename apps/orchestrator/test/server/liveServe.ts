import { type ServeChild, spawnServe } from "../cli/cliProcess.ts";
import { apiRequest } from "./apiRequest.ts";

/** A `guilds serve` process on a given port, its exit and its stderr. */
export type LiveServe = ServeChild;

export interface StreamEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

const SERVER_UP_MS = 40_000;

/** `guilds serve` with PORT set, resolved once GET /healthz answers. */
export function startServe(environment: Record<string, string>): Promise<LiveServe> {
  return spawnServe([], environment, `http://127.0.0.1:${environment.PORT}`, SERVER_UP_MS);
}

/** SIGTERM, then SIGKILL if it is still there after 10 s: for a test's cleanup. */
export async function stopServe(server: LiveServe): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 10_000);
  await server.exited;
  clearTimeout(timer);
}

export function apiOf(url: string, token: string) {
  return async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, apiRequest(token, method, body));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

/**
 * A run's SSE stream, its stored events one by one (heartbeats and the live-only tool.progress, which
 * has no id, skipped). next() gives undefined once the server ended the stream; a stream cut short
 * (its connection destroyed) makes it throw.
 */
export async function openRunEvents(url: string, token: string, runId: string, afterId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/runs/${runId}/events`, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "text/event-stream",
      ...(afterId === undefined ? {} : { "Last-Event-ID": String(afterId) }),
    },
    signal: controller.signal,
  });
  if (response.status !== 200 || response.body === null) throw new Error(`events: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const nextFrame = async (): Promise<string | undefined> => {
    for (;;) {
      const end = buffered.indexOf("\n\n");
      if (end >= 0) {
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (frame.startsWith(":")) continue;
        return frame;
      }
      const { done, value } = await reader.read();
      if (done) return undefined;
      buffered += decoder.decode(value, { stream: true });
    }
  };
  return {
    async next(): Promise<StreamEvent | undefined> {
      for (;;) {
        const frame = await nextFrame();
        if (frame === undefined) return undefined;
        const event = parseFrame(frame);
        if (event !== null) return event;
      }
    },
    close() {
      controller.abort();
      reader.cancel().catch(() => undefined);
    },
  };
}

/** The frame's stored event, or null for an event that is not stored (it has no id). */
function parseFrame(frame: string): StreamEvent | null {
  const fields = new Map<string, string>();
  for (const line of frame.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
  }
  const envelope = JSON.parse(fields.get("data") ?? "null") as {
    id: number | null;
    data: Record<string, unknown>;
  };
  // An event that is not stored (tool.progress) has no id to resume after: its frame has no id line.
  const frameId = fields.get("id") ?? null;
  if (frameId !== (envelope.id === null ? null : String(envelope.id))) {
    throw new Error(`a frame's id is not its event's: ${frame}`);
  }
  if (envelope.id === null) return null;
  return { id: envelope.id, type: fields.get("event") ?? "", data: envelope.data };
}
