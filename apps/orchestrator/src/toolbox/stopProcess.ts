import type { MachineProcess } from "../machines/machine.ts";

/** How much of a helper's stderr is kept for "the last 5 lines of its stderr". */
export const STDERR_TAIL_BYTES = 16 * 1024;

/** TERM to the helper's process group, then KILL after the grace period unless it has exited. */
export function stopProcess(helper: MachineProcess, killGraceMs: number): void {
  let exited = false;
  const markExited = () => {
    exited = true;
  };
  helper.exit.then(markExited, markExited);
  signal(helper, "SIGTERM");
  setTimeout(() => {
    if (!exited) signal(helper, "SIGKILL");
  }, killGraceMs).unref();
}

function signal(helper: MachineProcess, name: NodeJS.Signals): void {
  try {
    helper.kill(name);
  } catch {
    // already gone
  }
}
