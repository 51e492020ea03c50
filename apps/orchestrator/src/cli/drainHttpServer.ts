import type { ServerType } from "@hono/node-server";

/** How long responses still being written (event streams ending) get before their connections are cut. */
const DRAIN_GRACE_MS = 3_000;
const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections at once, and returns what waits for the open ones to close. Node's
 * close() only closes the connections idle at that moment, and keep-alive holds the others open
 * until its timeout once their response is done: those are closed as soon as they go idle, and
 * whatever is still busy after DRAIN_GRACE_MS is cut.
 */
export function stopAccepting(server: ServerType): () => Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  return async () => {
    if (!("closeIdleConnections" in server)) return closed;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_GRACE_MS);
    try {
      server.closeIdleConnections();
      await closed;
    } finally {
      clearInterval(sweep);
      clearTimeout(cut);
    }
  };
}
