import { Readable, Writable } from "node:stream";
import { GuildsError } from "@guilds/protocol/guildsError";
import { type ExitFrame, Frame, parseJsonFrame, type StartFrame } from "@guilds/protocol/machineExec";
import type { ExecOptions, MachineProcess } from "../../machine.ts";
import type { DaemonConnection, DaemonConnections } from "./daemonConnection.ts";

/** Output buffered per stream before the daemon is asked to wait (it then pauses the process's pipes). */
const OUTPUT_BUFFER_BYTES = 256 * 1024;
/** The largest stdin frame sent for a file's bytes. */
const FILE_CHUNK_BYTES = 1024 * 1024;

/** Starts a process through the machine's daemon: one connection, its output streamed back. */
export function execThroughDaemon(
  connections: DaemonConnections,
  options: ExecOptions & { cwd: string },
): MachineProcess {
  const request: StartFrame = {
    argv: options.argv,
    env: options.env,
    cwd: options.cwd,
    stdin: options.stdin ?? "ignore",
    longLived: options.longLived ?? false,
  };
  let exitStatus: ExitFrame | null = null;
  let daemonError: string | null = null;
  const read = () => connection.resume();
  const stdout = new Readable({ read, highWaterMark: OUTPUT_BUFFER_BYTES });
  const stderr = new Readable({ read, highWaterMark: OUTPUT_BUFFER_BYTES });
  let settle: (status: { code: number | null; signal: NodeJS.Signals | null }) => void = () => {};
  let fail: (error: GuildsError) => void = () => {};
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  exit.catch(() => {});

  let done = false;
  const end = () => {
    done = true;
    stdout.push(null);
    stderr.push(null);
  };
  const connection = connections.take({
    onFrame(frame) {
      if (frame.type === Frame.stdout || frame.type === Frame.stderr) {
        const target = frame.type === Frame.stdout ? stdout : stderr;
        if (!target.push(frame.payload)) connection.pause();
      } else if (frame.type === Frame.exit) {
        // The exit is the last frame: no need to wait for the daemon's close.
        exitStatus = parseJsonFrame(frame.payload) as ExitFrame;
        end();
        settle({ code: exitStatus.code, signal: exitStatus.signal as NodeJS.Signals | null });
        connection.destroy();
      } else if (frame.type === Frame.error) {
        daemonError = (parseJsonFrame(frame.payload) as { message?: string }).message ?? "unknown error";
      }
    },
    onClose(error) {
      if (done) return;
      end();
      const reason = daemonError ?? error?.message ?? "the connection closed before the process exited";
      fail(new GuildsError("machine.exec_failed", `the machine lost ${request.argv[0]}: ${reason}`));
    },
  });
  connection.sendJson(Frame.start, request);

  const stdin =
    request.stdin === "pipe"
      ? new Writable({
          write(chunk: Buffer, _encoding, callback) {
            connection.send(Frame.stdin, chunk, callback);
          },
          final(callback) {
            connection.send(Frame.stdinEnd, undefined, callback);
          },
        })
      : null;
  stdin?.on("error", () => {});

  return {
    stdin,
    stdout,
    stderr,
    exit,
    kill(signal = "SIGTERM") {
      if (!exitStatus) connection.sendJson(Frame.signal, { signal });
    },
  };
}

/** Writes a file inside the machine as the machine's user: links resolve inside, never on the host. */
export function writeFileThroughDaemon(
  connections: DaemonConnections,
  pathInside: string,
  data: Buffer,
  mode: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let written = false;
    let daemonError: string | null = null;
    const connection = connections.take({
      onFrame(frame) {
        if (frame.type === Frame.exit) written = true;
        else if (frame.type === Frame.error) {
          daemonError = (parseJsonFrame(frame.payload) as { message?: string }).message ?? "unknown error";
        }
      },
      onClose(error) {
        if (written) return resolve();
        const reason = daemonError ?? error?.message ?? "the connection closed early";
        reject(
          new GuildsError("machine.exec_failed", `writing ${pathInside} in the machine failed: ${reason}`),
        );
      },
    });
    connection.sendJson(Frame.writeFile, { path: pathInside, mode });
    for (let offset = 0; offset < data.length; offset += FILE_CHUNK_BYTES) {
      connection.send(Frame.stdin, data.subarray(offset, offset + FILE_CHUNK_BYTES));
    }
    connection.send(Frame.stdinEnd);
  });
}

/**
 * Keeps a machine that stops itself when idle awake until the returned connection is destroyed (or
 * this process ends, which closes it).
 */
export function holdThroughDaemon(connections: DaemonConnections): DaemonConnection {
  const connection = connections.take({ onFrame() {}, onClose() {} });
  connection.send(Frame.hold);
  return connection;
}
