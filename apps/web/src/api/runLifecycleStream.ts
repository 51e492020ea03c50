import { followEventStream, type StreamState } from "@guilds/client/eventStream";
import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { guildsApi } from "./apiClient.ts";

export interface RunLifecycleOptions {
  /** run.started and run.ended of every run the token sees, as they happen. */
  onEvents: (envelopes: RunEventEnvelope[]) => void;
  /** "live" after every (re)connection: the stream is live only, what happened meanwhile is read again. */
  onState: (state: StreamState) => void;
}

/** Follows GET /api/run-events, reconnecting whenever it drops. Returns a function that closes it. */
export function followRunLifecycle(options: RunLifecycleOptions): () => void {
  const controller = new AbortController();
  void (async () => {
    const stream = followEventStream(guildsApi, "/api/run-events", undefined, {
      signal: controller.signal,
      onState: options.onState,
    });
    for await (const envelopes of stream) options.onEvents(envelopes);
  })();
  return () => controller.abort();
}
