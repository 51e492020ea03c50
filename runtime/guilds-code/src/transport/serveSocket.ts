import { chmodSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { readLines } from "./readLines.ts";

/** Where serve's lines go back: the socket connection a request came over, else stdout. */
export interface AnswerChannel {
  /** Resolves once the stream has taken the whole text (or can take nothing more). */
  write(text: string): Promise<void>;
}

/**
 * serve's second way in (`serve --socket <path> <hello>`): a unix socket the orchestrator connects
 * to when it can reach the machine's runtime folder, so that calls skip the relays of the exec its
 * stdin and stdout go through (the machine's daemon, an engine's attach stream): ~0.45 ms a call on
 * a bwrap machine. A connection is greeted with `<hello>` (the orchestrator's token: it sends
 * nothing to a socket that does not greet so, the agent being able to swap the path for a link to
 * another socket of the host), then carries the same lines as stdin. Answers go back on the
 * connection their request came over; once it has closed, on stdout.
 */
export function listenForLines(
  socketPath: string,
  hello: string,
  maxLineBytes: number,
  onLine: (line: string, channel: AnswerChannel) => void,
  stdout: AnswerChannel,
): { close(): void } {
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    let open = true;
    const channel: AnswerChannel = {
      write: (text) =>
        open
          ? new Promise((resolve) =>
              socket.write(text, (error) => (error ? resolve(stdout.write(text)) : resolve())),
            )
          : stdout.write(text),
    };
    const closed = () => {
      open = false;
      connections.delete(socket);
    };
    socket.on("error", closed);
    socket.on("close", closed);
    socket.write(`${hello}\n`);
    void readLines(socket, maxLineBytes, (line) => onLine(line, channel)).catch(() => {});
  });
  server.on("error", () => {});
  rmSync(socketPath, { force: true });
  server.listen(socketPath, () => {
    try {
      chmodSync(socketPath, 0o600);
    } catch {
      // already removed: serve is ending
    }
  });
  return {
    close() {
      server.close();
      for (const socket of connections) socket.end();
      rmSync(socketPath, { force: true });
    },
  };
}
