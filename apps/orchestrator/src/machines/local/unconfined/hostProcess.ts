import { spawn } from "node:child_process";
import { PassThrough, type Readable } from "node:stream";
import { signalGroup } from "@guilds/runtime/processGroupStop";
import type { ExecOptions, MachineProcess } from "../../machine.ts";

/**
 * How long after a process exits its output may still arrive. A grandchild left holding the pipes
 * (`sleep 100 &` without a redirect) would otherwise keep the call open for as long as it lives.
 */
const OUTPUT_GRACE_AFTER_EXIT_MS = 250;

export interface HostProcess extends MachineProcess {
  /** The process group (the leader's pid), or null when the spawn failed. */
  readonly pgid: number | null;
}

/** Runs a process straight on this host, in its own process group, with exactly the given env. */
export function spawnHostProcess(options: ExecOptions & { cwd: string }): HostProcess {
  const [command, ...args] = options.argv;
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  if (command === undefined) {
    stderr.end("guilds machine: empty argv\n");
    stdout.end();
    return {
      pgid: null,
      stdin: null,
      stdout,
      stderr,
      exit: Promise.resolve({ code: 127, signal: null }),
      kill() {},
    };
  }
  const child = spawn(command, args, {
    env: options.env,
    cwd: options.cwd,
    detached: true,
    stdio: [options.stdin === "pipe" ? "pipe" : "ignore", "pipe", "pipe"],
  });
  const pgid = child.pid ?? null;
  const sources = [child.stdout, child.stderr].filter((stream): stream is Readable => stream !== null);
  child.stdout?.pipe(stdout);
  child.stderr?.pipe(stderr);
  child.stdin?.on("error", () => {});

  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      stderr.end(`guilds machine: cannot run ${command}: ${error.message}\n`);
      stdout.end();
      resolve({ code: error.code === "EACCES" ? 126 : 127, signal: null });
    });
    child.once("exit", (code, signal) => {
      const drained = Promise.all(sources.map((source) => streamClosed(source)));
      const timer = setTimeout(() => {
        for (const source of sources) source.destroy();
        stdout.end();
        stderr.end();
      }, OUTPUT_GRACE_AFTER_EXIT_MS);
      drained.then(() => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    });
  });

  return {
    pgid,
    stdin: child.stdin,
    stdout,
    stderr,
    exit,
    kill(signal = "SIGTERM") {
      if (pgid !== null) signalGroup(pgid, signal);
    },
  };
}

function streamClosed(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed) resolve();
    else stream.once("close", () => resolve());
  });
}
