import { expect, test } from "vitest";
import { readSseMessages } from "../src/sseMessages.ts";

function bodyOf(text: string, chunkSize: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let index = 0; index < bytes.length; index += chunkSize)
        controller.enqueue(bytes.slice(index, index + chunkSize));
      controller.close();
    },
  });
}

test("SSE messages: ids, events, multi-line data, CRLF, comments skipped, split anywhere", async () => {
  const text =
    ': heartbeat\n\nid: 1\nevent: a\ndata: {"x":1}\n\r\nevent: b\r\ndata: one\r\ndata: two\r\n\r\nid: 3\ndata: cut';
  for (let size = 1; size <= 8; size += 1) {
    const messages = [];
    for await (const batch of readSseMessages(bodyOf(text, size))) {
      expect(batch.length).toBeGreaterThan(0);
      messages.push(...batch.map(({ id, event, data }) => ({ id, event, data })));
    }
    expect(messages).toEqual([
      { id: "1", event: "a", data: '{"x":1}' },
      { id: undefined, event: "b", data: "one\ntwo" },
    ]);
  }
});

test("the messages one read completes come together", async () => {
  const batches = [];
  for await (const batch of readSseMessages(bodyOf("data: 1\n\ndata: 2\n\ndata: 3", 1000))) {
    batches.push(batch.map((message) => message.data));
  }
  expect(batches).toEqual([["1", "2"]]);
});
