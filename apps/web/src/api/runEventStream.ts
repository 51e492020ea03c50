import { followEventStream, type StreamState } from "@guilds/client/eventStream";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { guildsApi } from "./apiClient.ts";
import { takeEarlyRunEvents } from "./earlyRunEvents.ts";

export type { StreamState };

export interface RunEventStreamOptions {
  runId: string;
  /** The id of the last stored event already applied (0 for none): the stream resumes after it. */
  lastEventId: number;
  onEvents: (envelopes: RunEventEnvelope[]) => void;
  onState: (state: StreamState, detail?: string) => void;
}

/**
 * Follows the run's SSE stream with the operator's token (EventSource cannot send one), reconnecting
 * whenever it drops, resuming with Last-Event-ID: the server sends every later stored event once.
 * Events that arrive in one read are handed over together, so a replay of thousands renders once.
 * The first connection is the one the entry script opened, when it did (earlyRunEvents).
 * Returns a function that closes it.
 */
export function followRunEvents(options: RunEventStreamOptions): () => void {
  const controller = new AbortController();
  const early = options.lastEventId > 0 ? null : takeEarlyRunEvents(options.runId);
  if (early !== null) controller.signal.addEventListener("abort", early.abort);
  void (async () => {
    const stream = followEventStream(
      guildsApi,
      "/api/runs/{runId}/events",
      { runId: options.runId },
      {
        after: options.lastEventId > 0 ? options.lastEventId : undefined,
        signal: controller.signal,
        onState: options.onState,
        ...(early === null ? {} : { firstResponse: early.response }),
      },
    );
    for await (const envelopes of stream) options.onEvents(envelopes);
  })();
  return () => controller.abort();
}
