import type { Machine } from "../machines/machine.ts";
import { TailBuffer } from "./boundedOutput.ts";
import type { HelperDeadlines } from "./helperDeadlines.ts";
import { helperFailed } from "./helperFailure.ts";
import { HelperSession } from "./serveSession.ts";

interface SessionSlot {
  session?: HelperSession;
  /** When the last start failed, or the last session died busy; calls go one-shot until sessionRetryMs has passed. */
  failedAt?: number;
}

/** One long-lived helper per machine, started on first use and again, lazily, after it ended. */
export class HelperSessions {
  // Weak: a machine that is dropped (recreated, deleted) takes its slot with it.
  private readonly slots = new WeakMap<Machine, SessionSlot>();
  private readonly running = new Set<HelperSession>();

  constructor(
    private readonly deadlines: HelperDeadlines,
    private readonly helperCommand: (machine: Machine) => string[],
  ) {}

  /**
   * The machine's session once it is up; undefined when it cannot be (it failed to start, recently).
   * With `required`, a session that cannot start throws helper.failed instead.
   */
  async get(machine: Machine, required: boolean): Promise<HelperSession | undefined> {
    const slot = this.slots.get(machine) ?? {};
    this.slots.set(machine, slot);
    if (slot.session && !slot.session.isRetired) return (await slot.session.ready) ? slot.session : undefined;
    // One that died holding calls is replaced after a pause, so a helper that crashes on a request
    // does not crash again on the next one; one that stopped quietly (an idle stop) at once.
    if (slot.session?.failedWhileBusy) {
      slot.failedAt = Date.now();
      slot.session = undefined;
    }
    const coolingDown =
      slot.failedAt !== undefined && Date.now() - slot.failedAt < this.deadlines.sessionRetryMs;
    if (coolingDown && !required) return undefined;

    let session: HelperSession;
    try {
      session = new HelperSession(machine, this.helperCommand(machine), this.deadlines);
    } catch (caught) {
      slot.failedAt = Date.now();
      if (!required) return undefined;
      const reason = caught instanceof Error ? caught.message : String(caught);
      throw helperFailed(`serve could not be started (${reason})`, new TailBuffer(0));
    }
    slot.session = session;
    this.running.add(session);
    void session.ended.then(() => this.running.delete(session));
    if (await session.ready) {
      slot.failedAt = undefined;
      return session;
    }
    slot.failedAt = Date.now();
    if (required) throw session.startFailure();
    return undefined;
  }

  /**
   * Ends every session. Each stops its running commands and answers them as cancelled; a call left
   * without an answer fails or falls back as for a session that died.
   */
  closeAll(): void {
    for (const session of this.running) void session.stop();
  }
}
