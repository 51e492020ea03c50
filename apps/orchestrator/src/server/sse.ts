import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { RunEventFilter } from "../events/eventBus.ts";
import { badRequest } from "./apiError.ts";
import type { AppDeps } from "./appDeps.ts";

/** A comment line this often keeps proxies and clients from closing an idle stream. */
export const SSE_HEARTBEAT_MS = 15_000;
export const HEARTBEAT_FRAME = ": heartbeat\n\n";

/**
 * Streams the events of one run or one guild. Each stored event is sent with `id: <n>`, so a client
 * resuming with Last-Event-ID (or ?after=<n>) gets every later event exactly once; tool.progress
 * events are not stored and go without an id. `data` is the whole RunEventEnvelope as JSON.
 */
export function streamRunEvents(
  c: Context,
  deps: Pick<AppDeps, "events" | "heartbeatMs">,
  filter: RunEventFilter,
  afterId: number | undefined,
): Response {
  // nginx and its kind buffer responses unless told not to, which would hold events back.
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let writes: Promise<void> = Promise.resolve();
    let stopped = false;
    let unsubscribe = () => {};
    let heartbeat: NodeJS.Timeout | undefined;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      unsubscribe();
      finish();
    };
    // Writes are chained so frames go out in the order the bus delivered them.
    const enqueue = (write: () => Promise<unknown>) => {
      writes = writes
        .then(async () => {
          if (stopped) return;
          await write();
        })
        .catch(stop);
    };
    stream.onAbort(stop);
    unsubscribe = deps.events.subscribe(filter, afterId, (envelope) =>
      enqueue(() => stream.writeSSE(frameOf(envelope))),
    );
    if (stopped) unsubscribe();
    heartbeat = setInterval(
      () => enqueue(() => stream.write(HEARTBEAT_FRAME)),
      deps.heartbeatMs ?? SSE_HEARTBEAT_MS,
    );
    await finished;
  });
}

export function frameOf(envelope: RunEventEnvelope): { id?: string; event: string; data: string } {
  const data = JSON.stringify(envelope);
  return envelope.id === null
    ? { event: envelope.type, data }
    : { id: String(envelope.id), event: envelope.type, data };
}

/** Where to resume: Last-Event-ID, else ?after=, else `fallback`. */
export function resumePoint(c: Context, fallback: number | undefined): number | undefined {
  const header = c.req.header("Last-Event-ID");
  const query = c.req.query("after");
  const [raw, source] = header !== undefined ? [header, "Last-Event-ID"] : [query, "after"];
  if (raw === undefined || raw.trim() === "") return fallback;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  throw badRequest(
    "request.invalid",
    `${source} must be the id of an event already received, a whole number (got ${JSON.stringify(raw)}); leave it out to start from the beginning.`,
  );
}
