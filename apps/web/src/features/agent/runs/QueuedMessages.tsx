import type { FlowQueuedMessage } from "../../../runFlow/runFlow.ts";

/**
 * The operator's messages sent while the run worked and not read yet: the agent reads them at its
 * next step; a run that ended first reads them when it is continued.
 */
export function QueuedMessages({
  queued,
  running,
}: {
  queued: readonly FlowQueuedMessage[];
  running: boolean;
}) {
  if (queued.length === 0) return null;
  return (
    <section className="run-queued" aria-label="Queued messages">
      <ul className="run-queued-list">
        {queued.map((message) => (
          <li key={message.id} className="run-queued-message" data-queued-id={message.id}>
            <span className="run-queued-badge">Queued</span>
            <span className="run-queued-text">{message.text}</span>
          </li>
        ))}
      </ul>
      <p className="run-queued-hint">
        {running
          ? "The agent reads these at its next step."
          : "The run ended before the agent read these: they are sent first when you continue it."}
      </p>
    </section>
  );
}
