/** One SSE frame: `id:` (absent for unstored events), `event:` and the joined `data:` lines. */
export interface SseFrame {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/**
 * The frames of an SSE body, in order; comment frames (heartbeats) are skipped. Lines end in LF,
 * CRLF or CR, as the SSE format allows.
 */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const decoder = new TextDecoder();
  let buffered = "";
  let frame: SseFrame = { id: undefined, event: undefined, data: "" };
  let hasData = false;
  for await (const chunk of body) {
    buffered += decoder.decode(chunk, { stream: true });
    // A chunk ending in CR may be half of a CRLF: that CR waits for the next chunk.
    const heldCr = buffered.endsWith("\r") ? "\r" : "";
    const lines = buffered.slice(0, buffered.length - heldCr.length).split(/\r\n|\r|\n/);
    buffered = (lines.pop() ?? "") + heldCr;
    for (const line of lines) {
      if (line === "") {
        if (hasData) yield frame;
        frame = { id: undefined, event: undefined, data: "" };
        hasData = false;
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") frame.id = value;
      else if (field === "event") frame.event = value;
      else if (field === "data") {
        frame.data = hasData ? `${frame.data}\n${value}` : value;
        hasData = true;
      }
    }
  }
}
