import { killUnlessGone, type Stoppable, stopInStages } from "./stagedStop.ts";

/** A process known by a handle rather than its pid: a helper in a machine, a command on the host. */
export interface ExitingProcess {
  kill(signal: NodeJS.Signals): void;
  /** Settles once it has exited (rejects when it is lost). */
  readonly exit: Promise<unknown>;
}

/**
 * TERM, KILL after the grace period unless it has exited; resolves once it has exited (or a moment
 * after the KILL).
 */
export function stopProcess(handle: ExitingProcess, graceMs: number): Promise<void> {
  return stopInStages(stoppable(handle), graceMs);
}

/** SIGKILL unless the process exits within `waitMs`; true when it exited by itself. */
export function killUnlessExited(handle: ExitingProcess, waitMs: number): Promise<boolean> {
  return killUnlessGone(stoppable(handle), waitMs);
}

export function sendSignal(handle: ExitingProcess, name: NodeJS.Signals): void {
  try {
    handle.kill(name);
  } catch {
    // already gone
  }
}

function stoppable(handle: ExitingProcess): Stoppable {
  return { signal: (name) => sendSignal(handle, name), goneWithin: (waitMs) => exitsWithin(handle, waitMs) };
}

/** Whether the process exits (or is lost) within `waitMs`. */
function exitsWithin(handle: ExitingProcess, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    const exited = () => {
      clearTimeout(timer);
      resolve(true);
    };
    handle.exit.then(exited, exited);
  });
}
