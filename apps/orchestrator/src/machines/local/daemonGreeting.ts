import { connect } from "node:net";
import {
  type DecodedFrame,
  Frame,
  FrameReader,
  MACHINE_EXEC_PROTOCOL,
  parseJsonFrame,
} from "@guilds/protocol/machineExec";
import type { DaemonEndpoint } from "./daemonConnection.ts";

/** The daemon's first frame, naming this start of the machine. */
export function isDaemonHello(frame: DecodedFrame, boot: string): boolean {
  if (frame.type !== Frame.hello) return false;
  const hello = parseJsonFrame(frame.payload);
  return (
    typeof hello === "object" &&
    hello !== null &&
    "protocol" in hello &&
    hello.protocol === MACHINE_EXEC_PROTOCOL &&
    "boot" in hello &&
    hello.boot === boot
  );
}

/**
 * Whether the daemon of the endpoint's machine answers there within timeoutMs: connects, reads the
 * hello, and hangs up having asked for nothing.
 */
export function daemonAnswers(endpoint: DaemonEndpoint, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(endpoint.socketPath);
    const reader = new FrameReader();
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      try {
        const [first] = reader.push(chunk);
        if (first) done(isDaemonHello(first, endpoint.boot));
      } catch {
        done(false);
      }
    });
    socket.on("error", () => done(false));
    socket.on("close", () => done(false));
  });
}
