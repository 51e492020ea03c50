import { setTimeout as sleep } from "node:timers/promises";

/** What can be stopped in stages: a process, a process group, a set of groups. */
export interface Stoppable {
  /** Sends the signal; a target already gone takes it silently. */
  signal(name: NodeJS.Signals): void;
  /** Resolves true once the target is gone, false when it is still there after `waitMs`. */
  goneWithin(waitMs: number): Promise<boolean>;
}

/** After SIGKILL the kernel needs a moment; a process stuck in the kernel is not waited for longer. */
export const KILLED_WAIT_MS = 1_000;

/**
 * SIGTERM, then SIGKILL `graceMs` later unless the target is gone; resolves once it is gone, or
 * `killedWaitMs` after the SIGKILL.
 *
 * @example await stopInStages(processGroups([pid]), SHELL_KILL_GRACE_MS);
 */
export async function stopInStages(
  target: Stoppable,
  graceMs: number,
  killedWaitMs = KILLED_WAIT_MS,
): Promise<void> {
  target.signal("SIGTERM");
  await killUnlessGone(target, graceMs, killedWaitMs);
}

/** SIGKILL unless the target is gone within `waitMs`; true when it went by itself. */
export async function killUnlessGone(
  target: Stoppable,
  waitMs: number,
  killedWaitMs = KILLED_WAIT_MS,
): Promise<boolean> {
  if (await target.goneWithin(waitMs)) return true;
  target.signal("SIGKILL");
  await target.goneWithin(killedWaitMs);
  return false;
}

export interface PollOptions {
  pollMs: number;
  /** false: the wait never keeps the process alive (a stop nobody awaits). */
  ref: boolean;
}

/** Whether `done()` holds within `waitMs`, looked at every `pollMs`. */
export async function pollUntil(done: () => boolean, waitMs: number, options: PollOptions): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (done()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(options.pollMs, Math.max(0, deadline - Date.now())), undefined, {
      ref: options.ref,
    });
  }
}
