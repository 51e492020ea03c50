import type { MachineProcess } from "../machines/machine.ts";

/** How much of a helper's stderr is kept for "the last 5 lines of its stderr". */
export const STDERR_TAIL_BYTES = 16 * 1024;

/** After SIGKILL, how long the exit may take to be reported before the stop stops waiting. */
const KILLED_EXIT_WAIT_MS = 1_000;

/**
 * TERM to the helper's process group, KILL after the grace period unless it has exited; resolves
 * once it has exited. The grace is what lets a helper stop its own foreground commands (their own
 * process groups, which its TERM does not reach) before it goes, so that none outlives it.
 */
export async function stopProcess(helper: MachineProcess, killGraceMs: number): Promise<void> {
  sendSignal(helper, "SIGTERM");
  await killUnlessExited(helper, killGraceMs);
}

/** SIGKILL unless the helper exits within `waitMs`; true when it exited by itself. */
export async function killUnlessExited(helper: MachineProcess, waitMs: number): Promise<boolean> {
  if (await exitsWithin(helper, waitMs)) return true;
  sendSignal(helper, "SIGKILL");
  await exitsWithin(helper, KILLED_EXIT_WAIT_MS);
  return false;
}

/** Whether the helper exits (or is lost) within `waitMs`. */
function exitsWithin(helper: MachineProcess, waitMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    const exited = () => {
      clearTimeout(timer);
      resolve(true);
    };
    helper.exit.then(exited, exited);
  });
}

export function sendSignal(helper: MachineProcess, name: NodeJS.Signals): void {
  try {
    helper.kill(name);
  } catch {
    // already gone
  }
}
