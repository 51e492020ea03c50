import type { RunEventEnvelope, RunEventOf } from "@guilds/protocol/runEvents";
import { type EventStreamOptions, followEventStream } from "./eventStream.ts";
import type { GuildsClient } from "./guildsClient.ts";

/** The last event of every run. */
export type RunEnded = RunEventOf<"run.ended">;

/**
 * A run's events one by one, from its start (or after `options.after`) to its run.ended, through
 * dropped connections (resumed with Last-Event-ID). Returns early only when `options.signal` aborts.
 */
export async function* followRun(
  client: GuildsClient,
  runId: string,
  options: EventStreamOptions = {},
): AsyncGenerator<RunEventEnvelope> {
  for await (const envelopes of followEventStream(client, "/api/runs/{runId}/events", { runId }, options)) {
    for (const envelope of envelopes) {
      yield envelope;
      if (envelope.data.type === "run.ended") return;
    }
  }
}
