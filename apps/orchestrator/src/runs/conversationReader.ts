import type { ConversationMessage } from "../providers/modelProvider.ts";
import type { Store } from "../store/store.ts";
import { conversationBuilder } from "./messageContent.ts";

/** The run's conversation so far (conversationOf its messages in seq order): a new array at each call. */
export type ConversationReader = () => Promise<ConversationMessage[]>;

/**
 * A run's conversation as its loop reads it before each generation: only the messages newer than
 * those read before are read and added, so a long run neither reads nor rebuilds its whole
 * conversation at every step. Sound because a stored message never changes, and a run's seqs are
 * handed out and committed in order (the run row's counter): nothing can appear before the last seq read.
 */
export function createConversationReader(store: Pick<Store, "messages">, runId: string): ConversationReader {
  const builder = conversationBuilder();
  let lastSeq: number | undefined;
  return async () => {
    const newer = await store.messages.list(runId, lastSeq === undefined ? {} : { afterSeq: lastSeq });
    builder.add(newer);
    const last = newer.at(-1);
    if (last !== undefined) lastSeq = last.seq;
    return builder.conversation();
  };
}
