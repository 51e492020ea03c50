import { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { z } from "zod";
import { storedEnvelope } from "../events/eventBus.ts";
import type { Store } from "../store/store.ts";

/**
 * At most this many events in one snapshot: a longer run's answer stops there, and its event
 * stream (?after=last_event_id) replays the rest.
 */
export const SNAPSHOT_MAX_EVENTS = 20_000;
const SNAPSHOT_PAGE = 1000;

/** A run's stored events in one answer: what a page reads before it follows the stream. */
export const RunEventSnapshot = z
  .object({
    events: z.array(RunEventEnvelope).describe("The run's stored events, oldest first (never tool.progress)"),
    last_event_id: z
      .number()
      .int()
      .min(0)
      .describe("The id of the last of them (0 for none): follow the run's events after it for the rest"),
  })
  .meta({ id: "RunEventSnapshot" });
export type RunEventSnapshot = z.infer<typeof RunEventSnapshot>;

/**
 * The run's stored events as they are sent on its stream (the same redacted payloads, the same
 * envelopes), up to SNAPSHOT_MAX_EVENTS.
 */
export async function runEventSnapshot(
  store: Pick<Store, "events">,
  runId: string,
): Promise<RunEventSnapshot> {
  const events: RunEventEnvelope[] = [];
  let cursor = 0;
  while (events.length < SNAPSHOT_MAX_EVENTS) {
    const limit = Math.min(SNAPSHOT_PAGE, SNAPSHOT_MAX_EVENTS - events.length);
    const page = await store.events.listForRun(runId, cursor, limit);
    for (const event of page) events.push(storedEnvelope(event));
    const last = page.at(-1);
    if (page.length < limit || last === undefined) break;
    cursor = last.id;
  }
  return { events, last_event_id: events.at(-1)?.id ?? 0 };
}
