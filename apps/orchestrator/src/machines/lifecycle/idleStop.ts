import { Transform, Writable } from "node:stream";
import type { MachineProcess } from "../machine.ts";

/**
 * Calls `onIdle` once nothing has been in flight and nothing has happened for `idleMs`. The timer is
 * unref'd: an idle machine never keeps the server alive.
 */
export class IdleStop {
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastActivity = Date.now();

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {}

  /** Something started; the returned function (safe to call twice) says it ended. */
  begin(): () => void {
    this.inFlight += 1;
    this.clearTimer();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight -= 1;
      this.touch();
    };
  }

  /** Activity: the idle period starts over. */
  touch(): void {
    this.lastActivity = Date.now();
    this.recheck();
  }

  /** Still idle now: asked again when the stop the timer called for gets its turn. */
  isIdle(): boolean {
    return this.inFlight === 0 && this.remainingMs() <= 0;
  }

  /** Waits out what is left of the idle period (after activity that did not restart the timer). */
  recheck(): void {
    if (this.inFlight > 0) return;
    this.clearTimer();
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (this.inFlight > 0) return;
        // A timer may fire a little early, and activity may have come since it was set.
        if (this.remainingMs() > 0) this.recheck();
        else this.onIdle();
      },
      Math.max(1, this.remainingMs()),
    );
    this.timer.unref();
  }

  cancel(): void {
    this.clearTimer();
  }

  private remainingMs(): number {
    return this.idleMs - (Date.now() - this.lastActivity);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * A long-lived helper session does not hold its machine awake by being open; what goes through it
 * does: each write to its stdin and each chunk it prints calls `touch`.
 */
export function withSessionActivity(child: MachineProcess, touch: () => void): MachineProcess {
  const touching = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        touch();
        callback(null, chunk);
      },
    });
  const stdout = child.stdout.pipe(touching());
  const stderr = child.stderr.pipe(touching());
  const inner = child.stdin;
  const stdin = inner
    ? new Writable({
        write(chunk: Buffer, _encoding, callback) {
          touch();
          inner.write(chunk, callback);
        },
        final(callback) {
          inner.end(callback);
        },
      })
    : null;
  return { stdin, stdout, stderr, exit: child.exit, kill: (signal) => child.kill(signal) };
}
