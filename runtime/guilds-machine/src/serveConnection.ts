import { type ChildProcess, spawn } from "node:child_process";
import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import {
  encodeFrame,
  encodeJsonFrame,
  Frame,
  FrameReader,
  MACHINE_EXEC_PROTOCOL,
  parseJsonFrame,
  type StartFrame,
} from "@guilds/protocol/machineExec";
import { abandonGroup, signalGroup } from "@guilds/runtime/processGroupStop";
import { FileWrite } from "./fileWrite.ts";
import { readStart, readWriteFile } from "./frames.ts";
import type { IdleClock } from "./idleClock.ts";

/** How long output may still come after the process exited (a grandchild may hold the pipes). */
const OUTPUT_GRACE_AFTER_EXIT_MS = 250;

/** What every connection of one daemon shares. */
export interface DaemonState {
  boot: string;
  activity: IdleClock;
  /** The process groups started here that still run. */
  groups: Set<number>;
}

/**
 * One connection: one process (or one file write), from its start frame to its exit frame; or a
 * hold, which keeps the machine awake until it closes. Every frame counts as activity; a process
 * holds the machine awake until it ends, unless it is a long-lived session.
 */
export function serveConnection(socket: Socket, daemon: DaemonState): void {
  const reader = new FrameReader();
  let child: ChildProcess | null = null;
  let file: FileWrite | null = null;
  let finished = false;
  /** A connection carries one start, writeFile or hold. */
  let used = false;
  let release = () => {};
  daemon.activity.touch();

  const send = (frame: Buffer) => {
    daemon.activity.touch();
    if (socket.writable && !socket.write(frame)) {
      child?.stdout?.pause();
      child?.stderr?.pause();
    }
  };
  socket.on("drain", () => {
    child?.stdout?.resume();
    child?.stderr?.resume();
  });
  const finish = (frame: Buffer) => {
    if (finished) return;
    finished = true;
    send(frame);
    socket.end();
    release();
  };
  const fail = (message: string) => finish(encodeJsonFrame(Frame.error, { message }));

  const use = () => {
    if (used) throw new Error("a connection runs one process");
    used = true;
  };
  const handle = (type: number, payload: Buffer) => {
    switch (type) {
      case Frame.start: {
        use();
        const request = readStart(parseJsonFrame(payload));
        if (!request.longLived) release = daemon.activity.begin();
        child = startProcess(request, daemon.groups, send, finish);
        return;
      }
      case Frame.writeFile: {
        use();
        release = daemon.activity.begin();
        file = new FileWrite(readWriteFile(parseJsonFrame(payload)));
        return;
      }
      case Frame.hold:
        use();
        release = daemon.activity.begin();
        return;
      case Frame.stdin:
        if (file) return file.add(payload);
        if (child?.stdin && !child.stdin.write(Buffer.from(payload))) {
          socket.pause();
          child.stdin.once("drain", () => socket.resume());
        }
        return;
      case Frame.stdinEnd:
        if (file) {
          file.finish().then(
            () => finish(encodeJsonFrame(Frame.exit, { code: 0, signal: null })),
            (error: Error) => fail(error.message),
          );
          return;
        }
        child?.stdin?.end();
        return;
      case Frame.signal: {
        const { signal } = parseJsonFrame(payload) as { signal?: unknown };
        if (child?.pid !== undefined && typeof signal === "string") signalGroup(child.pid, signal);
        return;
      }
      default:
        return fail(`unknown frame type ${type}`);
    }
  };

  socket.on("data", (chunk: Buffer) => {
    daemon.activity.touch();
    try {
      for (const frame of reader.push(chunk)) handle(frame.type, frame.payload);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    // The orchestrator went away before the end: nobody will read this process any more. TERM
    // first: a helper then stops its own foreground command, which is a group of its own.
    const pid = child?.pid;
    if (!finished && pid !== undefined) abandonGroup(pid);
    // What it still prints is dropped, so that it never blocks on a full pipe while it stops.
    child?.stdout?.resume();
    child?.stderr?.resume();
    release();
  });
  socket.write(encodeJsonFrame(Frame.hello, { protocol: MACHINE_EXEC_PROTOCOL, boot: daemon.boot }));
}

function startProcess(
  request: StartFrame,
  groups: Set<number>,
  send: (frame: Buffer) => void,
  finish: (frame: Buffer) => void,
) {
  const [command, ...args] = request.argv;
  const child = spawn(command ?? "", args, {
    env: request.env,
    cwd: request.cwd,
    detached: true,
    stdio: [request.stdin, "pipe", "pipe"],
  });
  child.stdin?.on("error", () => {});
  child.on("spawn", () => {
    for (const group of groups) if (!signalGroup(group, 0)) groups.delete(group);
    if (child.pid !== undefined) groups.add(child.pid);
    send(encodeJsonFrame(Frame.started, { pid: child.pid }));
  });
  child.stdout?.on("data", (chunk: Buffer) => send(encodeFrame(Frame.stdout, chunk)));
  child.stderr?.on("data", (chunk: Buffer) => send(encodeFrame(Frame.stderr, chunk)));
  child.on("error", (error: NodeJS.ErrnoException) => {
    if (child.pid !== undefined) return;
    send(
      encodeFrame(
        Frame.stderr,
        Buffer.from(`guilds-machine: cannot run ${command} in ${request.cwd}: ${error.message}\n`),
      ),
    );
    finish(encodeJsonFrame(Frame.exit, { code: error.code === "EACCES" ? 126 : 127, signal: null }));
  });
  child.on("exit", (code, signal) => {
    // Its group may outlive it (`sleep 100 &`): it is dropped once found empty.
    if (child.pid !== undefined && !signalGroup(child.pid, 0)) groups.delete(child.pid);
    const outputs = [child.stdout, child.stderr].filter((stream): stream is Readable => stream !== null);
    const timer = setTimeout(() => {
      for (const stream of outputs) stream.destroy();
    }, OUTPUT_GRACE_AFTER_EXIT_MS);
    Promise.all(outputs.map(closed)).then(() => {
      clearTimeout(timer);
      finish(encodeJsonFrame(Frame.exit, { code, signal }));
    });
  });
  return child;
}

function closed(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) resolve();
    else stream.once("close", () => resolve());
  });
}
