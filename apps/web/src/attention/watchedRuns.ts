import type { EndStatus } from "./runAttention.ts";

/**
 * The runs whose end the operator asked to be told of by a browser notification (opt-in, per run,
 * once the browser's permission is granted). Kept for the page's life.
 */
const watched = new Set<string>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function notificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

export function isWatched(runId: string): boolean {
  return watched.has(runId);
}

export function setWatched(runId: string, on: boolean): void {
  if (on) watched.add(runId);
  else watched.delete(runId);
  changed();
}

export function subscribeWatched(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "Run failed: Fix the parser", "The run failed: the model failed". */
export function endNotificationText(name: string, status: EndStatus, reason: string | undefined) {
  return {
    title: `Run ${status}: ${name}`,
    body: reason === undefined || reason === "" ? `The run ${status}.` : `The run ${status}: ${reason}`,
  };
}

/** Shows the browser notification for a watched run's end (once: it is watched no more). */
export function notifyRunEnded(runId: string, text: { title: string; body: string }): void {
  if (!watched.has(runId)) return;
  setWatched(runId, false);
  if (!notificationsSupported() || Notification.permission !== "granted") return;
  new Notification(text.title, { body: text.body, tag: runId });
}
