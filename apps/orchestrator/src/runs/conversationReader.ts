import type { Message } from "../store/messageStore.ts";
import type { Store } from "../store/store.ts";

/** The run's messages so far, in seq order. */
export type ConversationReader = () => Promise<readonly Message[]>;

/**
 * A run's messages as its loop reads them before each generation: those read before are kept and
 * only the newer ones are read, so a long run does not read its whole conversation at every step.
 * Sound because a stored message never changes, and a run's seqs are handed out and committed in
 * order (the run row's counter): nothing can appear before the last seq read.
 */
export function createConversationReader(store: Pick<Store, "messages">, runId: string): ConversationReader {
  const messages: Message[] = [];
  return async () => {
    const last = messages.at(-1);
    const newer = await store.messages.list(runId, last === undefined ? {} : { afterSeq: last.seq });
    for (const message of newer) messages.push(message);
    return messages;
  };
}
