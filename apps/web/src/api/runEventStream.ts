import { followEventStream, type StreamState } from "@guilds/client/eventStream";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { guildsApi } from "./apiClient.ts";

export type { StreamState };

export interface RunEventStreamOptions {
  runId: string;
  /** The id of the last stored event already applied (0 for none): the stream resumes after it. */
  lastEventId: number;
  onEvents: (envelopes: RunEventEnvelope[]) => void;
  onState: (state: StreamState, detail?: string) => void;
  /** The first connection's answer, already asked for from lastEventId (earlyRunSnapshot). */
  firstResponse?: Promise<Response>;
}

/**
 * Follows the run's SSE stream with the operator's token (EventSource cannot send one), reconnecting
 * whenever it drops, resuming with Last-Event-ID: the server sends every later stored event once.
 * Events that arrive in one read are handed over together, so a replay of thousands renders once.
 * The first connection is the one the entry script opened, when it did (earlyRunSnapshot).
 * Returns a function that closes it.
 */
export function followRunEvents(options: RunEventStreamOptions): () => void {
  const controller = new AbortController();
  void (async () => {
    const stream = followEventStream(
      guildsApi,
      "/api/runs/{runId}/events",
      { runId: options.runId },
      {
        after: options.lastEventId > 0 ? options.lastEventId : undefined,
        signal: controller.signal,
        onState: options.onState,
        ...(options.firstResponse === undefined ? {} : { firstResponse: options.firstResponse }),
      },
    );
    for await (const envelopes of stream) options.onEvents(envelopes);
  })();
  return () => controller.abort();
}
