import { type ChildProcess, spawn } from "node:child_process";
import { constants } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { groupHasLiveMembers } from "./processTable.ts";

/**
 * Every process the helper starts is started here: an argv array, an environment built by the
 * caller, stdin closed, and its own session and process group so that it can be stopped whole.
 */
export interface GroupSpawn {
  argv: [string, ...string[]];
  cwd: string;
  env: Record<string, string>;
  /** stdout, stderr and any extra descriptors (a file descriptor or "pipe"); stdin is always closed. */
  output: Array<number | "pipe" | "ignore">;
}

export function spawnProcessGroup({ argv, cwd, env, output }: GroupSpawn): ChildProcess {
  const [command, ...args] = argv;
  return spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", ...output] });
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves on 'exit', never on 'close': a child left holding the output must not hold the call. */
export function waitForExit(child: ChildProcess): Promise<ProcessExit> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
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

export function signalGroup(processGroup: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-processGroup, signal);
  } catch {
    // already gone
  }
}

const STOP_POLL_MS = 25;
/** After SIGKILL the kernel needs a moment; a process stuck in the kernel is not waited for longer. */
const KILLED_GROUP_WAIT_MS = 1_000;

/**
 * SIGTERM to the whole group, SIGKILL `graceMs` later if any member is still running. Resolves when
 * the group is gone. Its timers stay referenced: the caller's answer waits on them.
 */
export async function stopProcessGroup(processGroup: number, graceMs: number): Promise<void> {
  signalGroup(processGroup, "SIGTERM");
  if (await groupGoneWithin(processGroup, graceMs)) return;
  signalGroup(processGroup, "SIGKILL");
  await groupGoneWithin(processGroup, KILLED_GROUP_WAIT_MS);
}

async function groupGoneWithin(processGroup: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!groupHasLiveMembers(processGroup)) return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(STOP_POLL_MS, Math.max(0, deadline - Date.now())));
  }
}

/** Why a command was stopped rather than left to exit: its timeout, or its call's cancel. */
export type StopCause = "timeout" | "cancel";

export interface CommandOutcome {
  exitCode: number;
  /** Set when the command was stopped; exitCode is then the cause's code, not the command's. */
  stoppedBy?: StopCause;
}

export interface CompletionLimits {
  timeoutMs: number;
  graceMs: number;
  /** The exit code reported for a command stopped by each cause. */
  stoppedExitCodes: Record<StopCause, number>;
  /** Stops the command the way its timeout would; already aborted stops it at once. */
  cancelled: AbortSignal;
}

/**
 * Waits for a group's leader to exit; past `timeoutMs`, or once `cancelled` fires, stops the whole
 * group and reports the cause's exit code. The first cause wins; one cleanup path, whatever ends
 * the wait.
 */
export async function runToCompletion(
  child: ChildProcess,
  limits: CompletionLimits,
): Promise<CommandOutcome> {
  const exited = waitForExit(child);
  let stopping: { cause: StopCause; done: Promise<void> } | undefined;
  const { pid } = child;
  const stop = (cause: StopCause) => {
    if (stopping === undefined && pid !== undefined) {
      stopping = { cause, done: stopProcessGroup(pid, limits.graceMs) };
    }
  };
  // The child keeps the event loop alive while it runs; the timer must not once it has exited.
  const timer = setTimeout(() => stop("timeout"), limits.timeoutMs).unref();
  const onCancel = () => stop("cancel");
  if (limits.cancelled.aborted) onCancel();
  else limits.cancelled.addEventListener("abort", onCancel, { once: true });
  try {
    const exit = await exited;
    if (stopping === undefined) return { exitCode: exitCodeOf(exit) };
    // The leader may die at SIGTERM while a member ignores it: the member still gets its SIGKILL.
    await stopping.done;
    return { exitCode: limits.stoppedExitCodes[stopping.cause], stoppedBy: stopping.cause };
  } finally {
    clearTimeout(timer);
    limits.cancelled.removeEventListener("abort", onCancel);
  }
}
