import { type ChildProcess, spawn } from "node:child_process";
import type { ChildCgroup } from "@guilds/runtime/childCgroup";
import { exitCodeOf, type ProcessExit } from "@guilds/runtime/processExit";
import { stopProcessGroup } from "@guilds/runtime/processGroupStop";

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
  /** The cgroup the process starts in (it joins before it execs); none: the helper's own. */
  cgroup?: ChildCgroup | null;
}

export function spawnProcessGroup({ argv, cwd, env, output, cgroup }: GroupSpawn): ChildProcess {
  const [command = "", ...args] = cgroup ? cgroup.joinArgv(argv, env) : argv;
  return spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", ...output] });
}

/** A started process group: its leader (whose pid is the group's) and the leader's exit. */
export interface StartedGroup {
  pid: number | undefined;
  exited: Promise<ProcessExit>;
}

export function startedGroup(child: ChildProcess): StartedGroup {
  return { pid: child.pid, exited: waitForExit(child) };
}

/** Resolves on 'exit', never on 'close': a child left holding the output must not hold the call. */
export function waitForExit(child: ChildProcess): Promise<ProcessExit> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
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
  /** The command's own cgroup: a stop ends everything in it, what left the group included. */
  cgroup?: ChildCgroup | null;
}

/**
 * Waits for a group's leader to exit; past `timeoutMs`, or once `cancelled` fires, stops the whole
 * group and reports the cause's exit code. The first cause wins; one cleanup path, whatever ends
 * the wait.
 */
export async function runToCompletion(
  { pid, exited }: StartedGroup,
  limits: CompletionLimits,
): Promise<CommandOutcome> {
  let stopping: { cause: StopCause; done: Promise<void> } | undefined;
  const stop = (cause: StopCause) => {
    if (stopping === undefined && pid !== undefined) {
      const group = limits.cgroup;
      const stopped = stopProcessGroup(pid, limits.graceMs);
      stopping = { cause, done: group ? stopped.then(() => group.kill()) : stopped };
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
