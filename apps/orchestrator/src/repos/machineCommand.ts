import { stopProcess } from "@guilds/runtime/exitingProcessStop";
import type { Machine } from "../machines/machine.ts";
import { CappedBuffer, collectInto, TailBuffer } from "../toolbox/boundedOutput.ts";

/** How much of a command's stdout is kept: these commands print a line or two. */
const STDOUT_MAX_BYTES = 64 * 1024;
const STDERR_TAIL_BYTES = 16 * 1024;
/** Lines of stderr a failure message shows. */
export const STDERR_TAIL_LINES = 10;
/** TERM, then KILL this long after, when a command passes its deadline. */
const KILL_GRACE_MS = 2_000;

export interface MachineCommand {
  argv: string[];
  /** Added to the machine's base environment. */
  env?: Record<string, string>;
  /** Inside the machine; default the home. */
  cwd?: string;
  timeoutMs: number;
}

export interface MachineCommandResult {
  /** Exited 0 within its deadline. */
  ok: boolean;
  code: number | null;
  timedOut: boolean;
  stdout: string;
  stderrLines: string[];
}

/** Runs one command inside the machine to its end, keeping bounded output, stopped at its deadline. */
export async function runMachineCommand(
  machine: Machine,
  command: MachineCommand,
): Promise<MachineCommandResult> {
  const child = machine.exec({
    argv: command.argv,
    env: { ...machine.baseEnv, ...command.env },
    cwd: command.cwd,
  });
  const stdout = new CappedBuffer(STDOUT_MAX_BYTES);
  const stderr = new TailBuffer(STDERR_TAIL_BYTES);
  collectInto(child.stdout, stdout);
  collectInto(child.stderr, stderr);
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    void stopProcess(child, KILL_GRACE_MS);
  }, command.timeoutMs);
  try {
    const exit = await child.exit;
    return {
      ok: exit.code === 0 && !timedOut,
      code: exit.code,
      timedOut,
      stdout: stdout.text(),
      stderrLines: stderr.lastLines(STDERR_TAIL_LINES),
    };
  } finally {
    clearTimeout(deadline);
  }
}
