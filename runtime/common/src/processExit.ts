import { constants } from "node:os";

/** How a process ended, as Node reports it. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A process ended by a signal reports 128 + its number, as a shell does. */
const SIGNAL_EXIT_BASE = 128;
/** Neither a code nor a known signal: report a plain failure. */
const UNKNOWN_EXIT_CODE = 1;

export function exitCodeOf({ code, signal }: ProcessExit): number {
  if (code !== null) return code;
  const number = signal ? constants.signals[signal] : undefined;
  return number === undefined ? UNKNOWN_EXIT_CODE : SIGNAL_EXIT_BASE + number;
}
