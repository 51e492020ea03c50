import type { Envelope } from "@guilds/protocol/envelope";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import type { Machine } from "../machines/machine.ts";
import { DEFAULT_HELPER_DEADLINES, type HelperDeadlines, requestDeadlineMs } from "./helperDeadlines.ts";
import { HelperSessions } from "./helperSessions.ts";
import { runOneShot } from "./oneShotTransport.ts";
import { isRepeatableRequest } from "./repeatableRequest.ts";

/**
 * "auto": the long-lived helper when it is up, one process per call when it is not.
 * "one-shot": always one process per call (the page's transport; the CLI's choice for a single call).
 * "session": only the long-lived helper, never falling back (tests and benchmarks that must know).
 */
export type HelperTransportMode = "auto" | "one-shot" | "session";

export interface HelperTransportOptions {
  mode?: HelperTransportMode;
  deadlines?: Partial<HelperDeadlines>;
  /** The argv prefix of guilds-code; default the machine's own. Tests point it at a fake helper. */
  helperCommand?: (machine: Machine) => string[];
  /** Who fails, in a failure's message: guilds-code (default) or guilds-harness. */
  helperName?: string;
}

export interface HelperRunOptions {
  signal?: AbortSignal;
  /**
   * Only over the long-lived helper, never one process per call: for a request worth sending only
   * while it is cheap (a running call's live output). Without a session up, helper.failed at once.
   */
  sessionOnly?: boolean;
}

/**
 * Runs a helper request inside a machine and returns its envelope, whichever way it travels. The
 * machine is held awake for the whole call. When `signal` fires, the helper stops the request's
 * foreground command as its timeout would, and its envelope (the output so far, then the cancel
 * trailer) is still returned; helper.cancelled is thrown only when none comes in time.
 */
export interface HelperTransport {
  run(machine: Machine, request: HelperRequest, options?: HelperRunOptions): Promise<Envelope>;
  /** Ends the long-lived helpers. */
  close(): void;
}

export function createHelperTransport(options: HelperTransportOptions = {}): HelperTransport {
  const mode = options.mode ?? "auto";
  const deadlines: HelperDeadlines = { ...DEFAULT_HELPER_DEADLINES, ...options.deadlines };
  const helperCommand = options.helperCommand ?? ((machine: Machine) => machine.helperCommand("guilds-code"));
  const sessions = new HelperSessions(deadlines, helperCommand);

  async function run(
    machine: Machine,
    request: HelperRequest,
    { signal, sessionOnly = false }: HelperRunOptions = {},
  ): Promise<Envelope> {
    // A session call is not activity while it waits: without the hold, the idle stop could end the
    // machine under a long shell command.
    const release = machine.keepAwake();
    const calledAt = Date.now();
    try {
      return await runAwake(machine, request, signal, sessionOnly);
    } catch (caught) {
      const ended = machine.lastEnd();
      if (ended === null || ended.at < calledAt) throw caught;
      throw new GuildsError("machine.stopped", `The machine stopped during the call: ${ended.reason}.`);
    } finally {
      release();
    }
  }

  async function runAwake(
    machine: Machine,
    request: HelperRequest,
    signal: AbortSignal | undefined,
    sessionOnly: boolean,
  ): Promise<Envelope> {
    // Wakes the machine: a stopped one starts again here, and its session with it.
    await machine.start();
    const startedAt = Date.now();
    const deadlineMs = requestDeadlineMs(request, deadlines);
    const { cancelWaitMs } = deadlines;
    // A retry gets what is left of the call's deadline, so a fallback never doubles it.
    const oneShot = async () => {
      // A fallback may follow a machine stop that ended the session: wake it again.
      await machine.start();
      return runOneShot(machine, request, {
        helperCommand: helperCommand(machine),
        ...(options.helperName === undefined ? {} : { helperName: options.helperName }),
        deadlineMs: Math.max(1, deadlineMs - (Date.now() - startedAt)),
        killGraceMs: deadlines.killGraceMs,
        cancelWaitMs,
        signal,
      });
    };
    const fallBack = mode === "auto" && !sessionOnly;
    if (mode === "one-shot") {
      if (sessionOnly) throw noSession("this transport runs one process per call");
      return oneShot();
    }

    const session = await sessions.get(machine, mode === "session");
    if (!session) {
      if (sessionOnly) throw noSession("guilds-code serve is not up in the machine");
      return oneShot();
    }
    const outcome = await session.call(request, { deadlineMs, cancelWaitMs, signal });
    if (outcome.state === "answered") return outcome.envelope;
    if (outcome.state === "unwritten") {
      if (fallBack) return oneShot();
      throw session.startFailure();
    }
    // A shell command must never run twice: only a request that cannot change anything is retried.
    if (fallBack && isRepeatableRequest(request)) return oneShot();
    throw outcome.failure;
  }

  return { run, close: () => sessions.closeAll() };
}

function noSession(why: string): GuildsError {
  return new GuildsError(
    "helper.failed",
    `This request goes only over the long-lived helper, and ${why}; it is not sent one process per call.`,
  );
}
