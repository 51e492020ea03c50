import net from "node:net";

export interface SseStream {
  close(): void;
}

/**
 * A bare SSE client on a raw TCP socket: it sends the GET itself and cuts what comes back at each
 * blank line, chunked framing and all, handing over the pieces with the time their bytes were read.
 * No HTTP parser, no stream of the response, no UTF-8 decoding: with 1,000 of them in one process,
 * the client must cost next to nothing, or its own queue would count as the server's delay.
 */
export function openSseStream(
  url: string,
  token: string,
  onFrames: (frames: string[], arrivedAtMs: number) => void,
): Promise<SseStream> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    let pending = "";
    let answered = false;
    const onBytes = (text: string, arrivedAtMs: number) => {
      pending += text;
      if (!answered) {
        const headersEnd = pending.indexOf("\r\n\r\n");
        if (headersEnd < 0) return;
        if (!pending.startsWith("HTTP/1.1 200")) {
          socket.destroy();
          reject(new Error(`GET ${url} answered ${pending.slice(0, pending.indexOf("\r\n"))}`));
          return;
        }
        answered = true;
        pending = pending.slice(headersEnd + 4);
        resolve({ close: () => socket.destroy() });
      }
      const cut = pending.lastIndexOf("\n\n");
      if (cut < 0) return;
      const frames = pending.slice(0, cut).split("\n\n");
      pending = pending.slice(cut + 2);
      onFrames(frames, arrivedAtMs);
    };
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      // Reads land in one buffer shared by every stream of the process: no allocation per read.
      onread: {
        buffer: readBuffer,
        callback: (bytes, buffer) => {
          const arrivedAtMs = Date.now();
          const text = Buffer.from(buffer.buffer, buffer.byteOffset, bytes).toString("latin1");
          later(() => onBytes(text, arrivedAtMs));
          return true;
        },
      },
    });
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          `Authorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
  });
}

const readBuffer = Buffer.allocUnsafe(256 * 1024);

/**
 * A read is only timestamped and copied as it comes; cutting it into frames waits until the event
 * loop has read every socket that was ready, so no stream's parsing delays another's timestamp.
 */
const arrivals: (() => void)[] = [];

function later(work: () => void): void {
  if (arrivals.push(work) === 1) setImmediate(drainArrivals);
}

function drainArrivals(): void {
  for (const work of arrivals.splice(0)) work();
}

/** The frame's event name ("" for a comment such as the heartbeat); a chunk-size line may come first. */
export function frameEvent(frame: string): string {
  const start = frame.indexOf("event: ");
  if (start < 0) return "";
  const end = frame.indexOf("\n", start);
  return frame.slice(start + "event: ".length, end < 0 ? undefined : end);
}
