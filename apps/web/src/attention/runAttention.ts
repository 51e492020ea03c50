import type { RunStatus } from "@guilds/protocol/runEvents";

/** How a run ended, for the runs that need the operator's attention. */
export type EndStatus = Exclude<RunStatus, "running">;

/**
 * The runs that ended while the app was open and that the operator has not looked at since: the
 * tab's title and icon say how many. Opening a run's page looks at that run; the runs board at all.
 */
export interface RunAttention {
  noteEnded(runId: string, status: EndStatus): void;
  markSeen(runId: string): void;
  markAllSeen(): void;
  /** The unseen runs' end statuses, in the order they ended. */
  unseen(): EndStatus[];
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createRunAttention(): RunAttention {
  const ended = new Map<string, EndStatus>();
  const listeners = new Set<() => void>();
  let snapshot: EndStatus[] = [];
  const changed = () => {
    snapshot = [...ended.values()];
    for (const listener of listeners) listener();
  };
  return {
    noteEnded(runId, status) {
      ended.delete(runId);
      ended.set(runId, status);
      changed();
    },
    markSeen(runId) {
      if (ended.delete(runId)) changed();
    },
    markAllSeen() {
      if (ended.size === 0) return;
      ended.clear();
      changed();
    },
    unseen: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one record of the runs needing attention. */
export const runAttention = createRunAttention();

/** The tab title's mark: "" for none, "(2) " for two ended runs, "(2!) " when one of them failed. */
export function attentionMark(unseen: readonly EndStatus[]): string {
  if (unseen.length === 0) return "";
  return `(${unseen.length}${unseen.includes("failed") ? "!" : ""}) `;
}
