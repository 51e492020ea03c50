import { type ChildProcess, spawn } from "node:child_process";
import { Readable, type Writable } from "node:stream";
import { childPidOf, INFO_FD } from "../bwrap/bwrapArgs.ts";
import { sendSeccompFilter, withSeccompPipe } from "../bwrap/seccompFilter.ts";

/** How long bwrap and the daemon may take to come up (a cold node start included). */
const READY_TIMEOUT_MS = 15_000;
const STDERR_TAIL_BYTES = 4096;

export interface TiedDaemon {
  child: ChildProcess;
  /** The daemon's stdin: closing it ends the machine. */
  control: Writable;
  /**
   * The sandbox's pid 1 on this host. bwrap itself exits as soon as the daemon does, while pid 1 is
   * still tearing the namespace down: everything inside is gone only once this pid is.
   */
  initPid: number | null;
  /** The last lines bwrap and the daemon printed on stderr, for a message about a failure. */
  stderrTail(): string;
}

/**
 * Spawns the sandbox (argv: [setpriv ...] bwrap ... guilds-machine ...), its seccomp filter given
 * on SECCOMP_FD when it has one, and resolves once the daemon says "ready". bwrap gets an empty environment: its own environ is readable inside (/proc/1/environ).
 */
export function startTiedDaemon(argv: string[], seccompFilter: Buffer | null = null): Promise<TiedDaemon> {
  const [command, ...args] = argv;
  if (command === undefined) return Promise.reject(new Error("empty sandbox command"));
  const stdio = withSeccompPipe(["pipe", "pipe", "pipe", "pipe"], seccompFilter);
  const child = spawn(command, args, { env: {}, stdio, detached: true });
  sendSeccompFilter(child, seccompFilter);
  const { stdin: control, stdout: stdoutPipe, stderr: stderrPipe } = child;
  const infoPipe = child.stdio[INFO_FD];
  if (!control || !stdoutPipe || !stderrPipe || !(infoPipe instanceof Readable)) {
    child.kill("SIGKILL");
    return Promise.reject(new Error("the sandbox's pipes were not made"));
  }
  let stderr = "";
  stderrPipe.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
  });
  let info = "";
  infoPipe.on("data", (chunk: Buffer) => {
    info += chunk.toString("utf8");
  });
  control.on("error", () => {});
  const launched: TiedDaemon = { child, control, initPid: null, stderrTail: () => stderr.trim() };

  return new Promise((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(() => {
      cleanup();
      child.kill("SIGKILL");
      reject(new Error(`the sandbox was not ready after ${READY_TIMEOUT_MS} ms ${stderr.trim()}`));
    }, READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (!stdout.includes("ready\n")) return;
      cleanup();
      stdoutPipe.resume();
      // bwrap wrote its info before it started the daemon, so it has arrived by now.
      launched.initPid = childPidOf(info);
      resolve(launched);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      cleanup();
      reject(
        new Error(
          `bwrap exited (${signal ?? `code ${code}`}) before the machine was ready: ${stderr.trim()}`,
        ),
      );
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new Error(`cannot run ${command}: ${error.message}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      stdoutPipe.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
    };
    stdoutPipe.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}
