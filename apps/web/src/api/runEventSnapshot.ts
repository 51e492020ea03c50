import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { answer, guildsApi } from "./apiClient.ts";
import { type RunSnapshotAnswer, takeEarlyRunSnapshot } from "./earlyRunSnapshot.ts";

/** The run's stored events up to `lastEventId`; its stream after that id gives the rest. */
export interface RunEventSnapshot {
  events: RunEventEnvelope[];
  lastEventId: number;
  /** The stream after lastEventId, already asked for by the entry script; null when it did not. */
  stream: Promise<Response> | null;
}

/**
 * The run's stored events in one answer (GET /api/runs/{runId}/events/snapshot), the one the entry
 * script asked for when it did. Trusted as the typed client types it, not parsed with zod envelope
 * by envelope: the app's CSP forbids eval, so zod runs without its compiled parsers, and a run of
 * 6,606 events took ~230 ms that way (bench/README, issue 17). The same server wrote them.
 */
export async function loadRunEventSnapshot(runId: string, signal: AbortSignal): Promise<RunEventSnapshot> {
  const early = takeEarlyRunSnapshot(runId);
  let answered: RunSnapshotAnswer;
  if (early !== null) {
    signal.addEventListener("abort", early.abort);
    answered = await early.snapshot;
  } else {
    answered = await answer(
      guildsApi.GET("/api/runs/{runId}/events/snapshot", { params: { path: { runId } }, signal }),
    );
  }
  return {
    events: answered.events as RunEventEnvelope[],
    lastEventId: answered.last_event_id,
    stream: early?.stream ?? null,
  };
}
