import { createParser, type EventSourceMessage } from "eventsource-parser";

/**
 * The SSE messages of a response body, one array per read: the messages that read completed (none
 * is yielded empty). Comments (heartbeats) are skipped; a message cut off by the body's end is dropped.
 */
export async function* readSseMessages(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventSourceMessage[]> {
  let batch: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => batch.push(message) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      if (batch.length > 0) {
        yield batch;
        batch = [];
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
