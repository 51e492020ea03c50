import { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { z } from "zod";
import type { RunEventText } from "../store/eventStore.ts";
import type { Store } from "../store/store.ts";
import { JsonText } from "./jsonText.ts";

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
 * envelopes, byte for byte: storedEnvelope's keys in its order), up to SNAPSHOT_MAX_EVENTS. Written
 * as text around each payload's stored JSON: a long run's 2 MB is never parsed to be stringified.
 */
export async function runEventSnapshot(
  store: Pick<Store, "events">,
  runId: string,
): Promise<JsonText<RunEventSnapshot>> {
  const envelopes: string[] = [];
  let lastId = 0;
  while (envelopes.length < SNAPSHOT_MAX_EVENTS) {
    const limit = Math.min(SNAPSHOT_PAGE, SNAPSHOT_MAX_EVENTS - envelopes.length);
    const page = await store.events.listTextForRun(runId, lastId, limit);
    for (const event of page) envelopes.push(envelopeText(event));
    const last = page.at(-1);
    if (last !== undefined) lastId = last.id;
    if (page.length < limit || last === undefined) break;
    // A page read is synchronous (SQLite): between pages the server answers others (the page's scripts).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return new JsonText(`{"events":[${envelopes.join(",")}],"last_event_id":${lastId}}`);
}

/** JSON.stringify(storedEnvelope(event)), without parsing the payload. */
function envelopeText(event: RunEventText): string {
  const { id, type, runId, guildId, payloadText, createdAt } = event;
  const text = JSON.stringify;
  return `{"id":${id},"type":${text(type)},"run_id":${text(runId)},"guild_id":${text(guildId)},"data":${payloadText},"created_at":${text(createdAt)}}`;
}
