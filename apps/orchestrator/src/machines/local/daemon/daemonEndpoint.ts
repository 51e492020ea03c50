import { closeSync, constants, openSync } from "node:fs";
import { connect } from "node:net";
import {
  type DecodedFrame,
  Frame,
  FrameReader,
  MACHINE_EXEC_PROTOCOL,
  parseJsonFrame,
} from "@guilds/protocol/machineExec";

export interface DaemonEndpoint {
  /** The socket's path on this host (short: through /proc/self/fd, see openDaemonFolder). */
  socketPath: string;
  /** The boot id the daemon of this start greets with. */
  boot: string;
}

/** The daemon's folder in the runtime dir, and its socket there. */
export const DAEMON_FOLDER = ".machine";
export const DAEMON_SOCKET_NAME = "exec.sock";

export interface OpenDaemonFolder {
  endpoint: DaemonEndpoint;
  close(): void;
}

/**
 * Holds the daemon's folder open and reaches its socket through /proc/self/fd: a short path whatever
 * the root (a socket's path is limited to 107 bytes), and the agent cannot swap the folder for a
 * link while the machine runs.
 */
export function openDaemonFolder(folder: string, boot: string): OpenDaemonFolder {
  const fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  let open = true;
  return {
    endpoint: { socketPath: `/proc/self/fd/${fd}/${DAEMON_SOCKET_NAME}`, boot },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

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
