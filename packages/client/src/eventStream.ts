import { RunEventEnvelope } from "@guilds/protocol/runEvents";
import type { paths } from "./generated/api.ts";
import { type GuildsClient, isAbort } from "./guildsClient.ts";
import { readSseMessages } from "./sseMessages.ts";

/** The API's paths that answer server-sent events: a run's, a guild's, and every run's starts and ends. */
export type EventStreamPath = {
  [Path in keyof paths]: paths[Path] extends {
    get: { responses: { 200: { content: { "text/event-stream": unknown } } } };
  }
    ? Path
    : never;
}[keyof paths];

type PathParameters<Path extends EventStreamPath> = paths[Path]["get"]["parameters"]["path"];

export type StreamState = "connecting" | "live" | "reconnecting" | "closed";

export interface ReconnectPolicy {
  /** The wait before each reconnect, by failures in a row; the last one repeats. */
  delaysMs: readonly number[];
  /** Failures in a row after which the stream is given up; default never. */
  maxFailures?: number;
}

export interface EventStreamOptions {
  /** Resume after this event id (sent as Last-Event-ID); default the stream's start. */
  after?: number;
  /** Ends the stream: the generator returns. */
  signal?: AbortSignal;
  reconnect?: ReconnectPolicy;
  /** Where the connection is; `detail` says why it dropped while reconnecting. */
  onState?(state: StreamState, detail?: string): void;
  /** An event this client does not understand, as it came: skipped, never fatal. */
  onUnknown?(data: string): void;
  /**
   * The answer to the stream's first request, already asked for (a page starts it before its
   * scripts are all in): used in place of the first connection, which must have asked for the
   * events after `after` (from the stream's start without it).
   */
  firstResponse?: Promise<Response>;
}

/** Thrown when the stream is given up because the server kept closing it (no error to rethrow). */
export class EventStreamClosed extends Error {
  constructor(readonly path: string) {
    super(`the event stream ${path} kept closing`);
    this.name = "EventStreamClosed";
  }
}

const DEFAULT_RECONNECT: ReconnectPolicy = { delaysMs: [250, 500, 1000, 2000, 5000] };

/**
 * Follows one event stream of the API, the events of each read together (a replay of thousands is
 * handed over in a few arrays). A dropped connection is opened again with Last-Event-ID, the id of
 * the last event received, so the server sends every later stored event exactly once. A connection
 * that brings an event resets the failures in a row.
 */
export async function* followEventStream<Path extends EventStreamPath>(
  client: GuildsClient,
  path: Path,
  parameters: PathParameters<Path>,
  options: EventStreamOptions = {},
): AsyncGenerator<RunEventEnvelope[]> {
  const { signal, onState = () => undefined, onUnknown = () => undefined } = options;
  const reconnect = options.reconnect ?? DEFAULT_RECONNECT;
  const url = client.baseUrl + filledPath(path, parameters ?? {});
  let lastEventId = options.after;
  let failures = 0;
  let connections = 0;
  const aborted = () => signal?.aborted === true;
  try {
    while (!aborted()) {
      onState(connections === 0 ? "connecting" : "reconnecting");
      connections += 1;
      let failure: unknown;
      let detail = "the server closed the stream";
      let opened = false;
      try {
        const early = connections === 1 ? options.firstResponse : undefined;
        const body = await open(client, url, lastEventId, signal, early);
        opened = true;
        onState("live");
        for await (const messages of readSseMessages(body)) {
          const envelopes: RunEventEnvelope[] = [];
          for (const message of messages) {
            if (message.id !== undefined && message.id !== "") lastEventId = Number(message.id);
            const envelope = parsedEnvelope(message.data);
            if (envelope === undefined) onUnknown(message.data);
            else envelopes.push(envelope);
          }
          if (envelopes.length === 0) continue;
          failures = 0;
          yield envelopes;
        }
      } catch (caught) {
        if (aborted() || isAbort(caught)) return;
        failure = caught;
        detail = opened ? `the connection dropped (${String(caught)})` : messageOf(caught);
      }
      failures += 1;
      if (failures > (reconnect.maxFailures ?? Number.POSITIVE_INFINITY)) {
        throw failure ?? new EventStreamClosed(url);
      }
      onState("reconnecting", detail);
      const delays = reconnect.delaysMs;
      await sleep(delays[Math.min(failures, delays.length) - 1] ?? 0, signal);
    }
  } finally {
    onState("closed");
  }
}

/** The stream's body, once the server answered 2xx; what the client's errors make of anything else. */
async function open(
  client: GuildsClient,
  url: string,
  lastEventId: number | undefined,
  signal: AbortSignal | undefined,
  early: Promise<Response> | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const init = {
    headers: {
      ...client.authorization(),
      Accept: "text/event-stream",
      ...(lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) }),
    },
    signal,
    // A browser's own: Node's RequestInit does not list it, so it goes in through a variable.
    cache: "no-store" as const,
  };
  let response: Response;
  try {
    // Looked up at each call: a page (or a test) may wrap fetch after the client is made.
    response = await (early ?? globalThis.fetch(url, init));
  } catch (caught) {
    if (signal?.aborted === true || isAbort(caught)) throw caught;
    throw client.errors.unreachable(caught);
  }
  if (!response.ok || response.body === null) {
    const text = await response.text();
    throw client.errors.refused(response, parsedJson(text) ?? text);
  }
  return response.body;
}

function filledPath(path: string, parameters: Record<string, string>): string {
  return path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => encodeURIComponent(parameters[name] ?? ""));
}

function parsedEnvelope(data: string): RunEventEnvelope | undefined {
  const parsed = RunEventEnvelope.safeParse(parsedJson(data));
  return parsed.success ? parsed.data : undefined;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
