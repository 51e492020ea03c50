import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { matchesFilter, type RunEventFilter } from "./runEventFilter.ts";

export type RunEventListener = (event: RunEventEnvelope) => void;

export interface Subscription {
  /** A live event: held while the replay runs, delivered once it is done. */
  offer(event: RunEventEnvelope): void;
  /**
   * Delivers the replayed events, then the held live ones newer than `replayedUpTo`, then goes live.
   * Stored ids grow in commit order, so whatever the replay did not return has a larger id.
   */
  goLive(replayedUpTo: number, replayed: readonly RunEventEnvelope[]): void;
  close(): void;
}

export function createSubscription(filter: RunEventFilter, listener: RunEventListener): Subscription {
  let held: RunEventEnvelope[] | null = [];
  let floor = Number.POSITIVE_INFINITY;
  let closed = false;

  const matches = (event: RunEventEnvelope) => matchesFilter(filter, event);
  const deliver = (event: RunEventEnvelope) => {
    if (closed) return;
    // Stored events the replay already gave are skipped; ephemeral ones (id null) always pass.
    if (event.id !== null && event.id <= floor) return;
    try {
      listener(event);
    } catch {
      // A listener's fault is its own; the other subscribers and the publisher carry on.
    }
  };

  return {
    offer(event) {
      if (closed || !matches(event)) return;
      if (held === null) deliver(event);
      else held.push(event);
    },
    goLive(replayedUpTo, replayed) {
      if (closed || held === null) return;
      floor = Number.NEGATIVE_INFINITY;
      for (const event of replayed) deliver(event);
      // A listener may unsubscribe while the replay is delivered.
      if (closed) return;
      floor = replayedUpTo;
      const pending = held;
      held = null;
      for (const event of pending) deliver(event);
    },
    close() {
      closed = true;
      held = null;
    },
  };
}
