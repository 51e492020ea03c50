import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { createParser } from "eventsource-parser";
import { apiErrorOf, authHeaders } from "./apiClient.ts";

export type StreamState = "connecting" | "live" | "reconnecting" | "closed";

export interface RunEventStreamOptions {
  /** The stream's path: /api/runs/<id>/events. */
  path: string;
  /** The id of the last stored event already applied (0 for none): sent as Last-Event-ID. */
  lastEventId: () => number;
  onEvents: (envelopes: RunEventEnvelope[]) => void;
  onState: (state: StreamState, detail?: string) => void;
}

/** Waits between reconnects: quick first, then at most every 5 s. */
const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

/**
 * Follows one SSE stream with the operator's token (EventSource cannot send one), and reconnects
 * whenever it drops, resuming with Last-Event-ID: the server sends every later stored event once.
 * Events that arrive in one read are handed over together, so a replay of thousands renders once.
 * Returns a function that closes it.
 */
export function followRunEvents(options: RunEventStreamOptions): () => void {
  const controller = new AbortController();
  void (async () => {
    let failures = 0;
    while (!controller.signal.aborted) {
      options.onState(failures === 0 ? "connecting" : "reconnecting");
      const outcome = await readStream(options, controller.signal, () => {
        failures = 0;
      });
      if (controller.signal.aborted) break;
      options.onState("reconnecting", outcome);
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
      failures += 1;
      await sleep(delay, controller.signal);
    }
    options.onState("closed");
  })();
  return () => controller.abort();
}

/** Reads one connection until it ends; returns why it ended. */
async function readStream(
  options: RunEventStreamOptions,
  signal: AbortSignal,
  onOpen: () => void,
): Promise<string> {
  try {
    const lastId = options.lastEventId();
    const response = await fetch(options.path, {
      headers: {
        ...authHeaders(),
        Accept: "text/event-stream",
        ...(lastId > 0 ? { "Last-Event-ID": String(lastId) } : {}),
      },
      signal,
      cache: "no-store",
    });
    if (!response.ok || response.body === null) return (await apiErrorOf(response)).message;
    onOpen();
    options.onState("live");
    let batch: RunEventEnvelope[] = [];
    const parser = createParser({
      onEvent: (message) => {
        batch.push(JSON.parse(message.data) as RunEventEnvelope);
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return "the server closed the stream";
      parser.feed(value);
      if (batch.length > 0) {
        const ready = batch;
        batch = [];
        options.onEvents(ready);
      }
    }
  } catch (error) {
    return signal.aborted ? "closed" : `the connection dropped (${String(error)})`;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
