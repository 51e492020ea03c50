import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * A local stand-in for a model server: plain node:http on 127.0.0.1, port 0. Each test queues the
 * replies, the fake answers requests in order in its protocol's wire format (SSE streaming
 * included), and records every request so the test can assert what the model was sent.
 */
export interface FakeModelServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  enqueue(...replies: FakeReply[]): void;
  /** Drops the replies no request took. */
  clearQueue(): void;
  /** Resolves once a client closed a connection before its reply ended. */
  clientClosed(): Promise<void>;
  close(): Promise<void>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
}

/** One reply, in neutral terms; each protocol renders it in its own events. */
export type FakeReply = FakeStreamReply | FakeErrorReply;

export interface FakeStreamReply {
  type: "stream";
  blocks: FakeBlock[];
  /** Keep the connection open after the blocks, never finishing: for abort tests. */
  hang?: boolean;
  /** After the blocks, report this error inside the stream (an overloaded server), then end it. */
  streamError?: string;
  /** inputTokens counts every prompt token, the cachedTokens read from the provider's cache among them. */
  usage?: { inputTokens: number; outputTokens: number; cachedTokens?: number };
}

export type FakeBlock =
  | { type: "text"; chunks: string[] }
  /** A tool call whose arguments arrive in these pieces (their concatenation may be invalid JSON). */
  | { type: "tool_call"; id: string; name: string; argChunks: string[] };

export interface FakeErrorReply {
  type: "error";
  status: number;
  message: string;
  /** Sent as retry-after-ms, so a retry in a test does not wait the SDK's 2 s backoff. */
  retryAfterMs?: number;
}

/** What differs between protocols: the path, the stream's events, the error body. */
export interface FakeProtocol {
  path: string;
  /** Which request paths it answers; default exactly `path`. */
  matches?: (requestPath: string) => boolean;
  writeStream(events: SseWriter, reply: FakeStreamReply, request: RecordedRequest): Promise<void>;
  errorBody(reply: FakeErrorReply): unknown;
}

export interface SseWriter {
  /** One SSE event; `name` is its `event:` line, when the protocol uses one. */
  send(name: string | undefined, data: unknown): Promise<void>;
  /** A data line that is not JSON (`[DONE]`). */
  sendRaw(data: string): Promise<void>;
}

export const DEFAULT_USAGE: NonNullable<FakeStreamReply["usage"]> = { inputTokens: 11, outputTokens: 7 };

export interface FakeServerOptions {
  /** The reply when none is queued (a CLI's extra calls); default a 500 saying none was queued. */
  whenEmpty?: FakeReply;
}

/** A fake of one protocol. */
export function startFakeModelServer(protocol: FakeProtocol): Promise<FakeModelServer> {
  return startFakeModelServerOf([protocol]);
}

/**
 * A fake answering several protocols on one port, from one queue (a harness CLI speaks one; each
 * test drives one CLI at a time). HEAD requests (a CLI warming its connection) get 200.
 */
export async function startFakeModelServerOf(
  protocols: readonly FakeProtocol[],
  options: FakeServerOptions = {},
): Promise<FakeModelServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const closeWaiters: Array<() => void> = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const recorded: RecordedRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: parseBody(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push(recorded);
      response.on("close", () => {
        if (!response.writableFinished) for (const wake of closeWaiters.splice(0)) wake();
      });
      if (recorded.method === "HEAD") {
        response.writeHead(200);
        response.end();
        return;
      }
      const protocol = protocols.find((candidate) =>
        candidate.matches ? candidate.matches(recorded.path) : candidate.path === recorded.path,
      );
      void answer(
        protocol ?? protocols[0],
        protocol ? (queue.shift() ?? options.whenEmpty) : undefined,
        recorded,
        response,
        protocol !== undefined,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    clearQueue: () => {
      queue.length = 0;
    },
    clientClosed: () => new Promise((resolve) => closeWaiters.push(resolve)),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function answer(
  protocol: FakeProtocol | undefined,
  reply: FakeReply | undefined,
  request: RecordedRequest,
  response: ServerResponse,
  known: boolean,
): Promise<void> {
  if (protocol === undefined) return sendJson(response, 404, { error: "fake: no protocol" });
  if (request.method !== "POST" || !known) {
    const message = `fake: no such endpoint ${request.method} ${request.path}; this fake serves POST ${protocol.path}`;
    return sendJson(response, 404, protocol.errorBody({ type: "error", status: 404, message }));
  }
  if (reply === undefined) {
    const message = `fake: no reply queued for request ${request.path}`;
    return sendJson(response, 500, protocol.errorBody({ type: "error", status: 500, message }));
  }
  if (reply.type === "error") {
    const headers: Record<string, string> =
      reply.retryAfterMs === undefined ? {} : { "retry-after-ms": String(reply.retryAfterMs) };
    return sendJson(response, reply.status, protocol.errorBody(reply), headers);
  }
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  await protocol.writeStream(sseWriter(response), reply, request);
  if (!reply.hang) response.end();
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** Each event is its own write, a turn of the event loop apart, so the client reads it in pieces. */
function sseWriter(response: ServerResponse): SseWriter {
  const write = async (frame: string) => {
    if (response.destroyed) return;
    response.write(frame);
    await nextTurn();
  };
  return {
    send: (name, data) =>
      write(`${name === undefined ? "" : `event: ${name}\n`}data: ${JSON.stringify(data)}\n\n`),
    sendRaw: (data) => write(`data: ${data}\n\n`),
  };
}

/** The SDKs always send JSON; anything else is recorded as { unparsed } for the test to see. */
function parseBody(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { unparsed: text };
  }
}
