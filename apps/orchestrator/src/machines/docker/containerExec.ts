import { constants } from "node:os";
import { type Duplex, PassThrough } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { GuildsError } from "@guilds/protocol/guildsError";
import { signalGroup } from "@guilds/runtime/processGroupStop";
import type Docker from "dockerode";
import type { ExecOptions, MachineProcess } from "../machine.ts";
import { execOutputs } from "./execStreams.ts";

/**
 * How long after a process exits its output may still arrive: a grandchild left holding the stream
 * (`sleep 100 &` without a redirect) would otherwise keep the call open for as long as it lives.
 */
const OUTPUT_GRACE_AFTER_EXIT_MS = 250;
/**
 * How often a process whose stream stays open is asked whether it still runs; a long-lived helper
 * session (whose stream nothing else holds) less often.
 */
const EXIT_POLL_MS = 500;
const LONG_LIVED_EXIT_POLL_MS = 5000;
/** How often a signal sent before the engine has the process running asks again whether it runs. */
const SIGNAL_RETRY_MS = 10;

/**
 * The process runs under a shell that enters the working directory and then becomes the command:
 * a directory or a command that is not there is exit 127 with the reason on stderr, as on the
 * local provider (the engine would refuse the exec with its own message instead).
 */
const LAUNCH = ['cd -- "$0" || exit 127; exec "$@"'];

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };

/**
 * Starts a process in the running container over one exec: its output from the engine's
 * multiplexed stream, its stdin (when asked for) written into the same stream. The engine starts
 * every exec as the leader of a session of its own, so kill() signals its whole process group.
 */
export function execInContainer(
  docker: Docker,
  containerId: string,
  user: string,
  options: ExecOptions & { cwd: string },
): MachineProcess {
  const outputs = execOutputs();
  const wantsStdin = options.stdin === "pipe";
  const stdin = wantsStdin ? new PassThrough() : null;
  let execution: Docker.Exec | null = null;
  let exited = false;
  /** A signal sent before the exec was made: the process is then never started. */
  let signalBeforeExec: NodeJS.Signals | null = null;
  const signalsSent = new Set<number>();

  const run = async (): Promise<ExitStatus> => {
    const container = docker.getContainer(containerId);
    execution = await container.exec({
      Cmd: ["/bin/sh", "-c", ...LAUNCH, options.cwd, ...options.argv],
      Env: Object.entries(options.env).map(([name, value]) => `${name}=${value}`),
      User: user,
      AttachStdin: wantsStdin,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    });
    if (signalBeforeExec !== null) {
      exited = true;
      outputs.end();
      return { code: null, signal: signalBeforeExec };
    }
    const stream = (await execution.start({ hijack: true, stdin: wantsStdin })) as Duplex;
    outputs.attach(stream);
    if (stdin) stdin.pipe(stream);
    const pollMs = options.longLived ? LONG_LIVED_EXIT_POLL_MS : EXIT_POLL_MS;
    const code = await exitCodeOf(execution, stream, pollMs, () => outputs.end());
    exited = true;
    stream.destroy();
    const signal = code !== null && code > 128 && signalsSent.has(code - 128) ? signalName(code - 128) : null;
    return signal === null ? { code, signal: null } : { code: null, signal };
  };

  const exit = run().catch((error: unknown) => {
    exited = true;
    outputs.end();
    throw new GuildsError(
      "machine.exec_failed",
      `the machine could not run ${options.argv[0]}: ${reasonOf(error)}`,
    );
  });
  exit.catch(() => {});
  stdin?.on("error", () => {});

  return {
    stdin,
    stdout: outputs.stdout,
    stderr: outputs.stderr,
    exit,
    kill(signal = "SIGTERM") {
      const current = execution;
      if (exited) return;
      if (current === null) {
        signalBeforeExec = signal;
        return;
      }
      const send = (pid: number) => {
        const number = signalNumber(signal);
        if (number !== null) signalsSent.add(number);
        signalGroup(pid, signal);
      };
      void signalOnceRunning(current, send, () => exited).catch(() => {});
    },
  };
}

/**
 * Sends the signal once the engine says the process runs (a signal sent just after the exec is made
 * comes before it has started, and would be lost); not at all once it has exited.
 */
async function signalOnceRunning(
  execution: Docker.Exec,
  send: (pid: number) => void,
  hasExited: () => boolean,
): Promise<void> {
  while (!hasExited()) {
    const state = await execution.inspect();
    if (hasExited()) return;
    if (state.Running && state.Pid) {
      send(state.Pid);
      return;
    }
    await sleep(SIGNAL_RETRY_MS);
  }
}

/**
 * The exit code once the engine says the process ended: when the stream ends, or, when something
 * keeps it open, when polling finds the process gone (its output is then cut off shortly after).
 */
async function exitCodeOf(
  execution: Docker.Exec,
  stream: NodeJS.ReadableStream,
  pollMs: number,
  cutOutput: () => void,
): Promise<number | null> {
  let streamEnded = false;
  const ended = new Promise<void>((resolve) => {
    const done = () => {
      streamEnded = true;
      resolve();
    };
    stream.once("end", done);
    stream.once("close", done);
    stream.once("error", done);
  });
  for (;;) {
    await Promise.race([ended, sleep(pollMs)]);
    const state = await execution.inspect();
    if (!state.Running) {
      if (!streamEnded) await Promise.race([ended, sleep(OUTPUT_GRACE_AFTER_EXIT_MS)]);
      cutOutput();
      return state.ExitCode ?? null;
    }
    // The stream ended before the engine recorded the exit: asked again shortly.
    if (streamEnded) await sleep(5);
  }
}

function signalNumber(signal: NodeJS.Signals): number | null {
  return constants.signals[signal] ?? null;
}

function signalName(number: number): NodeJS.Signals | null {
  const found = Object.entries(constants.signals).find(([, value]) => value === number);
  return found === undefined ? null : (found[0] as NodeJS.Signals);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
