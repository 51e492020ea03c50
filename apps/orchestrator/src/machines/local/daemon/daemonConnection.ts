import { connect, type Socket } from "node:net";
import {
  type DecodedFrame,
  encodeFrame,
  encodeJsonFrame,
  FrameReader,
  type FrameType,
} from "@guilds/protocol/machineExec";
import { type DaemonEndpoint, isDaemonHello } from "./daemonEndpoint.ts";

/** How long a daemon may take to greet a new connection. */
const HELLO_TIMEOUT_MS = 5000;

export interface ConnectionHandlers {
  onFrame(frame: DecodedFrame): void;
  /** The connection is over; error is set when it failed rather than ended. */
  onClose(error: Error | null): void;
}

/**
 * One connection to the daemon of a machine, used for one process. Nothing is sent before the
 * daemon's hello names this start: the socket lives in a folder the agent can write, so the path
 * could lead to another socket of this host.
 */
export class DaemonConnection {
  private readonly socket: Socket;
  private readonly reader = new FrameReader();
  private greeted = false;
  private closed = false;
  private failure: Error | null = null;
  private handlers: ConnectionHandlers | null = null;
  private readonly early: DecodedFrame[] = [];
  private readonly queued: { frame: Buffer; done?: (error?: Error | null) => void }[] = [];
  private readonly helloTimer: NodeJS.Timeout;

  constructor(endpoint: DaemonEndpoint) {
    this.socket = connect(endpoint.socketPath);
    this.helloTimer = setTimeout(() => {
      this.failure = new Error("the machine's daemon did not answer");
      this.socket.destroy();
    }, HELLO_TIMEOUT_MS);
    this.socket.on("data", (chunk: Buffer) => {
      try {
        for (const frame of this.reader.push(chunk)) {
          if (!this.greeted) this.greet(frame, endpoint.boot);
          else if (this.handlers) this.handlers.onFrame(frame);
          else this.early.push(frame);
        }
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.socket.destroy();
      }
    });
    this.socket.on("error", (error) => {
      this.failure ??= error;
    });
    this.socket.on("close", () => {
      clearTimeout(this.helloTimer);
      this.closed = true;
      this.handlers?.onClose(this.failure);
    });
  }

  /** Still usable: not closed (a spare connection may have lost its daemon while it waited). */
  get open(): boolean {
    return !this.closed;
  }

  attach(handlers: ConnectionHandlers): void {
    this.handlers = handlers;
    for (const frame of this.early.splice(0)) handlers.onFrame(frame);
    if (this.closed) handlers.onClose(this.failure);
  }

  send(type: FrameType, payload?: Buffer, done?: (error?: Error | null) => void): void {
    this.write(encodeFrame(type, payload), done);
  }

  sendJson(type: FrameType, value: unknown): void {
    this.write(encodeJsonFrame(type, value));
  }

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private write(frame: Buffer, done?: (error?: Error | null) => void): void {
    if (this.closed) done?.(this.failure ?? new Error("the connection is closed"));
    else if (this.greeted) this.socket.write(frame, done);
    else this.queued.push({ frame, done });
  }

  private greet(frame: DecodedFrame, boot: string): void {
    if (!isDaemonHello(frame, boot)) throw new Error("the socket did not answer as this machine's daemon");
    clearTimeout(this.helloTimer);
    this.greeted = true;
    for (const { frame: queued, done } of this.queued.splice(0)) this.socket.write(queued, done);
  }
}

/**
 * Keeps one connection open and greeted ahead of need, so an exec costs no connect and no hello
 * round trip: it takes the spare and a new spare is opened behind it.
 */
export class DaemonConnections {
  private spare: DaemonConnection | null = null;

  constructor(private readonly endpoint: DaemonEndpoint) {
    this.spare = new DaemonConnection(endpoint);
  }

  take(handlers: ConnectionHandlers): DaemonConnection {
    const spare = this.spare;
    this.spare = new DaemonConnection(this.endpoint);
    const connection = spare?.open ? spare : new DaemonConnection(this.endpoint);
    if (connection !== spare) spare?.destroy();
    connection.attach(handlers);
    return connection;
  }

  close(): void {
    this.spare?.destroy();
    this.spare = null;
  }
}
