import type { Socket } from "node:net";
import { encodeBase64Json } from "@guilds/protocol/base64Json";
import type { Envelope } from "@guilds/protocol/envelope";
import type { GuildsError } from "@guilds/protocol/guildsError";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import {
  CODE_RESULT_MAX_BYTES_MIN,
  HELPER_STDERR_TAIL_BYTES as STDERR_TAIL_BYTES,
} from "@guilds/protocol/limits";
import { serveCancelLine } from "@guilds/protocol/serveLines";
import { stopProcess } from "@guilds/runtime/exitingProcessStop";
import type { Machine, MachineProcess } from "../machines/machine.ts";
import { collectInto, TailBuffer } from "./boundedOutput.ts";
import { answerMaxBytes, parseEnvelopeText } from "./envelopeText.ts";
import type { HelperDeadlines } from "./helperDeadlines.ts";
import { describeExit, helperCancelled, helperFailed, helperTimedOut } from "./helperFailure.ts";
import { frameLines } from "./lineFraming.ts";
import { withServeNodeFlags } from "./serveNodeFlags.ts";
import { connectSessionSocket, type SessionSocketPlace, sessionSocketPlace } from "./sessionSocket.ts";

/**
 * How a call to the long-lived helper came out, when it did not fail by itself. "unwritten": the
 * request never reached the helper, so running it one-shot cannot run it twice. "ended": the helper
 * ended after the request was handed to it, so the op may have started; `failure` says how.
 */
export type SessionOutcome =
  | { state: "answered"; envelope: Envelope }
  | { state: "unwritten" }
  | { state: "ended"; failure: GuildsError };

interface PendingAnswer {
  settle(outcome: SessionOutcome): void;
  /** The call itself failed: its answer is not an envelope. */
  fail(error: GuildsError): void;
  maxAnswerBytes: number;
}

/** Answers are capped per call; this only bounds a runaway line before its id is read. */
const SESSION_LINE_MAX_BYTES = 64 * 1024 * 1024;
const HANDSHAKE_ID = "0";

/**
 * One `guilds-code serve` in a machine: "<id> <base64 request>" and "<id> cancel" lines in,
 * "<id> <base64 envelope>" lines out (@guilds/protocol/serveLines), the same requests and envelopes
 * as one-shot calls. Calls run concurrently and are matched by id. It counts as up once it has
 * answered a ping, so a request is only ever written to a helper that has proved it runs.
 */
export class HelperSession {
  /** Resolves true once the helper answered its first ping, false if it ended or stalled first. */
  readonly ready: Promise<boolean>;
  /** Resolves once the helper has ended. */
  readonly ended: Promise<void>;
  private markEnded: () => void = () => {};
  private readonly helper: MachineProcess;
  private readonly stderr = new TailBuffer(STDERR_TAIL_BYTES);
  private readonly pending = new Map<string, PendingAnswer>();
  private nextId = 1;
  private hasEnded = false;
  /** Set once stop() was called; resolves when the helper is gone. */
  private stopped: Promise<void> | undefined;
  /** It ended holding calls, or wedged: not a quiet stop such as the machine's idle stop. */
  private failedMidCall = false;
  private endReason: string | undefined;
  /** The helper's socket, once connected (openLane); null before, without one, or once it closed. */
  private lane: Socket | null = null;

  constructor(
    machine: Machine,
    helperCommand: string[],
    private readonly deadlines: HelperDeadlines,
  ) {
    this.ended = new Promise((resolve) => {
      this.markEnded = resolve;
    });
    const place = sessionSocketPlace(machine);
    this.helper = machine.exec({
      argv: [
        ...withServeNodeFlags(helperCommand),
        "serve",
        ...(place === null ? [] : ["--socket", place.inside, place.hello]),
      ],
      env: { ...machine.baseEnv },
      stdin: "pipe",
      longLived: true,
    });
    collectInto(this.helper.stderr, this.stderr);
    this.helper.stdin?.on("error", () => {});
    frameLines(this.helper.stdout, SESSION_LINE_MAX_BYTES, {
      onLine: (line) => this.onAnswerLine(line),
      onOverflow: (head) =>
        this.failAnswer(head.split(" ")[0] ?? "", "answered with a line too long to read"),
    });
    this.helper.exit.then(
      (exit) => this.end(describeExit(exit)),
      (error: unknown) => this.end(`was lost (${error instanceof Error ? error.message : String(error)})`),
    );
    this.ready = this.handshake(machine.agentId).then(async (up) => {
      if (up && place !== null) await this.openLane(place);
      return up;
    });
  }

  /** Ended, or being stopped: a new call needs a new session. */
  get isRetired(): boolean {
    return this.hasEnded || this.stopped !== undefined;
  }

  /** Ended while calls were in flight, or stopped for missing a deadline. */
  get failedWhileBusy(): boolean {
    return this.failedMidCall;
  }

  /** Why it cannot take calls, as a helper.failed error. */
  startFailure(): GuildsError {
    return helperFailed(`serve ${this.endReason ?? "is still starting"}`, this.stderr);
  }

  /**
   * The answer, or "unwritten" when the request was never written, "ended" when the helper ended
   * after it was; throws GuildsError for a timeout, a cancel or an answer that is not an envelope.
   * A cancel sends "<id> cancel": the helper stops the request's foreground command and still answers,
   * and that answer is returned if it comes within cancelWaitMs. At the deadline the helper is taken
   * for wedged and stopped (TERM, then KILL), and the call fails once it is gone.
   */
  async call(
    request: HelperRequest,
    options: { deadlineMs: number; cancelWaitMs: number; signal?: AbortSignal },
  ): Promise<SessionOutcome> {
    if (!(await this.ready) || this.isRetired) return { state: "unwritten" };
    if (options.signal?.aborted) throw helperCancelled(request.op);
    const id = String(this.nextId++);
    const { signal } = options;
    return new Promise<SessionOutcome>((resolve, reject) => {
      let cancelSent = false;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onCancel);
        this.pending.delete(id);
      };
      const onDeadline = () => {
        settle();
        // A call past its deadline means the helper is wedged: replace it rather than trust it.
        this.failedMidCall = true;
        void this.stop().then(() => reject(helperTimedOut(request.op, options.deadlineMs, this.stderr)));
      };
      const onCancel = () => {
        cancelSent = true;
        clearTimeout(timer);
        timer = setTimeout(() => {
          settle();
          reject(helperCancelled(request.op));
        }, options.cancelWaitMs);
        this.write(serveCancelLine(id), () => {});
      };
      let timer = setTimeout(onDeadline, options.deadlineMs);
      signal?.addEventListener("abort", onCancel, { once: true });
      this.pending.set(id, {
        settle: (outcome) => {
          settle();
          // Once cancelled, a helper that ends without answering is a cancel without its output.
          if (cancelSent && outcome.state !== "answered") reject(helperCancelled(request.op));
          else resolve(outcome);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
        maxAnswerBytes: answerMaxBytes(request.max_bytes),
      });
      this.write(`${id} ${encodeBase64Json(request)}\n`, (error) => {
        // A failed write proves the line never reached the helper whole, so nothing started.
        if (error) this.pending.get(id)?.settle({ state: "unwritten" });
      });
    });
  }

  /**
   * Ends the helper: its stdin closes, which makes it stop its commands and answer them, then TERM,
   * and KILL after the grace period. Resolves once it is gone. Calls left without an answer end
   * "ended".
   */
  stop(): Promise<void> {
    if (this.stopped === undefined) {
      this.lane?.end();
      this.lane = null;
      this.helper.stdin?.end();
      this.stopped = stopProcess(this.helper, this.deadlines.killGraceMs);
    }
    return this.stopped;
  }

  private handshake(agentId: string): Promise<boolean> {
    const ping: HelperRequest = {
      op: "ping",
      args: {},
      run_id: "session",
      agent_id: agentId,
      call_id: "session-start",
      cwd: "",
      max_bytes: CODE_RESULT_MAX_BYTES_MIN,
      env: {},
      repo_tokens: {},
    };
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(HANDSHAKE_ID);
        this.endReason = `did not answer its first ping within ${this.deadlines.sessionStartMs} ms`;
        void this.stop();
        resolve(false);
      }, this.deadlines.sessionStartMs);
      const unanswered = () => {
        clearTimeout(timer);
        this.pending.delete(HANDSHAKE_ID);
        resolve(false);
      };
      this.pending.set(HANDSHAKE_ID, {
        settle: (outcome) => {
          if (outcome.state !== "answered") return unanswered();
          clearTimeout(timer);
          this.pending.delete(HANDSHAKE_ID);
          const { envelope } = outcome;
          const answered = envelope.ok && envelope.text === "pong";
          if (!answered) {
            this.endReason = "answered its first ping with something other than pong";
            void this.stop();
          }
          resolve(answered);
        },
        fail: unanswered,
        maxAnswerBytes: answerMaxBytes(CODE_RESULT_MAX_BYTES_MIN),
      });
      this.write(`${HANDSHAKE_ID} ${encodeBase64Json(ping)}\n`, () => {});
    });
  }

  /**
   * The helper's socket, once it has greeted (sessionSocket.ts): lines go there from then on, and
   * answers come back there; the helper answers on stdout what came over a connection that closed.
   * Stdin and stdout still carry the handshake, the helper's end, and every line once it is gone.
   */
  private async openLane(place: SessionSocketPlace): Promise<void> {
    const lane = await connectSessionSocket(place, this.deadlines.sessionStartMs);
    if (lane === null || this.isRetired) {
      lane?.destroy();
      return;
    }
    lane.on("close", () => {
      if (this.lane === lane) this.lane = null;
    });
    frameLines(lane, SESSION_LINE_MAX_BYTES, {
      onLine: (line) => this.onAnswerLine(line),
      onOverflow: (head) =>
        this.failAnswer(head.split(" ")[0] ?? "", "answered with a line too long to read"),
    });
    this.lane = lane;
  }

  private write(line: string, done: (error: Error | null | undefined) => void): void {
    const lane = this.lane;
    if (lane?.writable) {
      // A line cut short by the connection's end never reaches the helper whole, so never runs:
      // it goes again over stdin.
      lane.write(line, (error) => {
        if (!error) return done(error);
        if (this.lane === lane) this.lane = null;
        this.writeStdin(line, done);
      });
      return;
    }
    this.writeStdin(line, done);
  }

  private writeStdin(line: string, done: (error: Error | null | undefined) => void): void {
    const stdin = this.helper.stdin;
    if (!stdin || this.hasEnded || stdin.writableEnded) {
      done(new Error(this.endReason ?? "ended"));
      return;
    }
    stdin.write(line, done);
  }

  private onAnswerLine(line: string): void {
    const space = line.indexOf(" ");
    if (space <= 0) return;
    const id = line.slice(0, space);
    const waiter = this.pending.get(id);
    // An answer nobody waits for: its call timed out or was cancelled.
    if (!waiter) return;
    const encoded = line.slice(space + 1);
    const envelope = encoded.length > waiter.maxAnswerBytes ? undefined : parseEnvelopeText(encoded);
    if (envelope) waiter.settle({ state: "answered", envelope });
    else this.failAnswer(id, "answered with a line that is not an envelope");
  }

  private failAnswer(id: string, what: string): void {
    this.pending.get(id)?.fail(helperFailed(`serve ${what}`, this.stderr));
  }

  private end(reason: string): void {
    if (this.hasEnded) return;
    this.hasEnded = true;
    this.lane?.destroy();
    this.lane = null;
    this.markEnded();
    this.endReason ??= reason;
    if ([...this.pending.keys()].some((id) => id !== HANDSHAKE_ID)) this.failedMidCall = true;
    const failure = helperFailed(`serve ${reason} while running this call`, this.stderr);
    for (const waiter of [...this.pending.values()]) waiter.settle({ state: "ended", failure });
  }
}
