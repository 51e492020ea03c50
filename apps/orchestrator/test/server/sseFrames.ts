/** Reads an SSE body frame by frame (frames end with a blank line), as a browser's EventSource does. */
export function frameReader(body: ReadableStream<Uint8Array> | null) {
  if (body === null) throw new Error("the answer has no body");
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    /** The next frame's text, blank line included. */
    async next(): Promise<string> {
      for (;;) {
        const end = buffered.indexOf("\n\n");
        if (end >= 0) {
          const frame = buffered.slice(0, end + 2);
          buffered = buffered.slice(end + 2);
          return frame;
        }
        const { done, value } = await reader.read();
        if (done) throw new Error(`the stream ended; left over: ${JSON.stringify(buffered)}`);
        buffered += decoder.decode(value, { stream: true });
      }
    },
    /** The next frame that is not a comment (heartbeat). */
    async nextEvent(): Promise<string> {
      for (;;) {
        const frame = await this.next();
        if (!frame.startsWith(":")) return frame;
      }
    },
    cancel: () => reader.cancel(),
  };
}
