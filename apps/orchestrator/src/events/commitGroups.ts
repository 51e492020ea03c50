import type { NewRunEvent, RunEvent } from "../store/eventStore.ts";
import { TransactionLost } from "../store/savepoint.ts";
import type { Store, Stores } from "../store/store.ts";

/** One storeAndPublish's part: its writes, then the events to store after them. */
export type EventWork<T> = (stores: Stores) => Promise<{ value: T; events: NewRunEvent[] }>;

/**
 * Runs a work and appends its events after its writes, in one transaction, after a turn of the
 * event loop (see the bus on why the turn); resolves once they are committed.
 */
export type CommitEventWork = <T>(work: EventWork<T>) => Promise<{ value: T; stored: RunEvent[] }>;

/** Each work in a transaction of its own: PostgreSQL's, whose commits wait on its server. */
export function commitEachAlone(store: Store): CommitEventWork {
  return async (work) => {
    await new Promise((resolve) => setImmediate(resolve));
    return store.transaction((stores) => workThenEvents(stores, work));
  };
}

interface Queued {
  work: EventWork<unknown>;
  resolve: (done: { value: unknown; stored: RunEvent[] }) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown; events: NewRunEvent[] } | { ok: false; error: unknown };

/**
 * SQLite's group commit: the works queued in one turn of the event loop (the steps of every run
 * that came meanwhile) run in one transaction, each under a savepoint, so one that throws rolls
 * back and fails alone; then all their events are appended with one bump of the event counter, and
 * one commit makes the lot durable. Nothing resolves before that commit. A commit in WAL mode writes
 * out every page the transaction dirtied, and the runs' steps share most of theirs (the event
 * counter, the last leaves of the events, messages and calls), so one commit for many writes each
 * once (bench/README.md, "The store's statements prepared, and a group commit").
 */
export function commitInGroups(store: Store): CommitEventWork {
  let queue: Queued[] = [];
  let scheduled = false;

  const flush = async () => {
    const group = queue;
    queue = [];
    scheduled = false;
    const [first] = group;
    if (group.length === 1 && first !== undefined) {
      return store
        .transaction((stores) => workThenEvents(stores, first.work))
        .then(first.resolve, first.reject);
    }
    const outcomes: Outcome[] = [];
    let stored: RunEvent[];
    try {
      stored = await store.transaction(async (stores) => {
        for (const { work } of group) outcomes.push(await underSavepoint(stores, work));
        return stores.events.appendAll(outcomes.flatMap((outcome) => (outcome.ok ? outcome.events : [])));
      });
    } catch (error) {
      const cause = error instanceof TransactionLost ? error.cause : error;
      for (const { reject } of group) reject(cause);
      return;
    }
    let next = 0;
    for (const [index, { resolve, reject }] of group.entries()) {
      const outcome = outcomes[index] as Outcome;
      if (!outcome.ok) {
        reject(outcome.error);
        continue;
      }
      resolve({ value: outcome.value, stored: stored.slice(next, next + outcome.events.length) });
      next += outcome.events.length;
    }
  };

  return <T>(work: EventWork<T>) =>
    new Promise<{ value: T; stored: RunEvent[] }>((resolve, reject) => {
      queue.push({ work, resolve, reject } as Queued);
      if (scheduled) return;
      scheduled = true;
      // The one turn of the event loop gathers the group. A group waits for the one before it
      // only by way of the one connection, as every transaction does.
      setImmediate(flush);
    });
}

async function workThenEvents<T>(stores: Stores, work: EventWork<T>) {
  const { value, events } = await work(stores);
  return { value, stored: await stores.events.appendAll(events) };
}

/** A work under a savepoint; a TransactionLost (the whole transaction gone) fails the group. */
async function underSavepoint(stores: Stores, work: EventWork<unknown>): Promise<Outcome> {
  try {
    // The runs of its events are read here, so that the group's append cannot fail for its sake.
    const { value, events } = await stores.underSavepoint(async () => {
      const done = await work(stores);
      return { value: done.value, events: await stores.events.withGuilds(done.events) };
    });
    return { ok: true, value, events };
  } catch (error) {
    if (error instanceof TransactionLost) throw error;
    return { ok: false, error };
  }
}
