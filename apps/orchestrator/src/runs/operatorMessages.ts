import type { StoredRunEventPayload } from "@guilds/protocol/runEvents";
import type { RunEventBus } from "../events/eventBus.ts";
import type { Store, Stores } from "../store/store.ts";
import { loadGenerationContext } from "./generationContext.ts";
import type { OperatorContent } from "./messageContent.ts";

/**
 * Stores the operator's message with the event it makes, in one transaction. An operator may paste a
 * secret: it is stored and streamed redacted, as the model reads it.
 */
async function storeOperatorText(
  deps: { store: Store; events: RunEventBus },
  run: { id: string; agentId: string },
  pasted: string,
  write: (stores: Stores, text: string) => Promise<StoredRunEventPayload>,
): Promise<void> {
  const { redactor } = await loadGenerationContext(deps.store, run.agentId);
  const text = redactor.redact(pasted);
  await deps.events.storeAndPublish(async (stores) => ({
    value: undefined,
    events: [await write(stores, text)],
  }));
}

/** Appends the operator's message to the run's conversation (message.created). */
export function appendOperatorMessage(
  deps: { store: Store; events: RunEventBus },
  run: { id: string; agentId: string },
  pasted: string,
): Promise<void> {
  return storeOperatorText(deps, run, pasted, async (stores, text) => {
    const message = await stores.messages.append(run.id, { role: "operator", content: { text } });
    return { type: "message.created", run_id: run.id, seq: message.seq, role: "operator", text };
  });
}

/**
 * Holds the operator's message for the run's next generation (message.queued): the run is working,
 * and its conversation takes it between two model calls (deliverQueuedMessages).
 */
export function queueOperatorMessage(
  deps: { store: Store; events: RunEventBus },
  run: { id: string; agentId: string },
  pasted: string,
): Promise<void> {
  return storeOperatorText(deps, run, pasted, async (stores, text) => {
    const queued = await stores.queuedMessages.enqueue(run.id, text);
    return { type: "message.queued", run_id: run.id, queued_id: queued.id, text };
  });
}

/**
 * In the caller's transaction: the run's queued messages become its next operator messages, in the
 * order they were sent; each gives a message.created and a message.delivered naming its seq.
 */
export async function deliverQueuedMessages(stores: Stores, runId: string): Promise<StoredRunEventPayload[]> {
  const events: StoredRunEventPayload[] = [];
  for (const queued of await stores.queuedMessages.take(runId)) {
    const content: OperatorContent = { text: queued.text };
    const message = await stores.messages.append(runId, { role: "operator", content });
    events.push(
      { type: "message.created", run_id: runId, seq: message.seq, role: "operator", text: queued.text },
      { type: "message.delivered", run_id: runId, queued_id: queued.id, seq: message.seq },
    );
  }
  return events;
}
