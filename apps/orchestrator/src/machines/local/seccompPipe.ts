import type { ChildProcess, IOType, StdioOptions } from "node:child_process";
import { Writable } from "node:stream";

/** bwrap reads the seccomp filter from this fd of its own (--seccomp); fd 3 is its info fd. */
export const SECCOMP_FD = 4;

type StdioEntry = Exclude<StdioOptions, IOType>[number];

/** bwrap's arguments for a filter given on SECCOMP_FD; none without a filter. */
export function seccompArgs(filter: Buffer | null): string[] {
  return filter ? ["--seccomp", String(SECCOMP_FD)] : [];
}

/** `stdio` for a spawn of bwrap, with a pipe at SECCOMP_FD when there is a filter to send. */
export function withSeccompPipe(stdio: StdioEntry[], filter: Buffer | null): StdioEntry[] {
  if (!filter) return stdio;
  const padded = [...stdio];
  while (padded.length < SECCOMP_FD) padded.push("ignore");
  padded[SECCOMP_FD] = "pipe";
  return padded;
}

/**
 * Sends the filter down the child's SECCOMP_FD pipe and closes this end: bwrap reads it to its end
 * before it sets anything up, and what is written stays readable after the close. A bwrap that
 * fails before reading it says why on its stderr.
 */
export function sendSeccompFilter(child: ChildProcess, filter: Buffer | null): void {
  if (!filter) return;
  const pipe = child.stdio[SECCOMP_FD];
  if (!(pipe instanceof Writable)) return;
  pipe.on("error", () => {});
  pipe.end(filter, () => pipe.destroy());
}
