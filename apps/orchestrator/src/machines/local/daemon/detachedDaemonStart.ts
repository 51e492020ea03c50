import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { processStartTicks } from "@guilds/runtime/processTable";
import { childPidOf, INFO_FD } from "../bwrap/bwrapArgs.ts";
import { sendSeccompFilter, withSeccompPipe } from "../bwrap/seccompFilter.ts";
import { type DaemonEndpoint, daemonAnswers } from "./daemonEndpoint.ts";
import type { DaemonCommand } from "./daemonSetup.ts";

/** How long the daemon may take to answer (a cold node start under bwrap included). */
const READY_TIMEOUT_MS = 15_000;
const POLL_MS = 20;
const HELLO_WAIT_MS = 1000;
/** bwrap writes its info and closes the fd before the daemon starts: by its hello, it is there. */
const INFO_WAIT_MS = 2000;
const LOG_TAIL_BYTES = 4096;

/** The machine's process, as the record names it. */
export interface DetachedDaemon {
  pid: number;
  startTicks: number;
}

/**
 * Starts a machine's daemon with nothing tying it to this process: a session of its own, stdin from
 * /dev/null, its output (and bwrap's) to `logFile`, no pipe left open, not waited for. It is ready
 * once it answers its hello at `endpoint`.
 */
export async function startDetachedDaemon(
  command: DaemonCommand,
  endpoint: DaemonEndpoint,
  logFile: string,
): Promise<DetachedDaemon> {
  const [program, ...args] = command.argv;
  if (program === undefined) throw new Error("empty daemon command");
  const log = openSync(logFile, "w", 0o600);
  let child: ChildProcess;
  try {
    const info = command.reportsInitPid ? "pipe" : "ignore";
    const filter = command.seccompFilter ?? null;
    // An empty environment: bwrap's own is readable inside (/proc/1/environ).
    child = spawn(program, args, {
      env: {},
      cwd: command.cwd,
      detached: true,
      stdio: withSeccompPipe(["ignore", log, log, info], filter),
    });
    sendSeccompFilter(child, filter);
  } finally {
    closeSync(log);
  }
  child.unref();
  const info = command.reportsInitPid ? readInfo(child) : null;
  let ended: string | null = null;
  child.once("exit", (code, signal) => {
    ended = `exited with ${signal ?? `code ${code}`}`;
  });
  child.once("error", (error) => {
    ended = `could not run ${program}: ${error.message}`;
  });

  let pid: number | null = null;
  try {
    await waitUntilAnswering(endpoint, () => ended, logFile);
    pid = info ? childPidOf(await info.ended) : (child.pid ?? null);
    const startTicks = pid === null ? null : processStartTicks(pid);
    if (pid === null || startTicks === null) throw new Error("the machine's process could not be found");
    return { pid, startTicks };
  } catch (error) {
    const initPid = pid ?? (info ? childPidOf(info.sofar()) : null);
    for (const target of [initPid, child.pid]) {
      if (target !== null && target !== undefined) {
        try {
          process.kill(target, "SIGKILL");
        } catch {}
      }
    }
    throw error;
  }
}

async function waitUntilAnswering(
  endpoint: DaemonEndpoint,
  ended: () => string | null,
  logFile: string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const reason = ended();
    if (reason) throw new Error(`the machine's daemon ${reason} before it was ready: ${logTail(logFile)}`);
    if (Date.now() > deadline) {
      throw new Error(`the machine was not ready after ${READY_TIMEOUT_MS} ms: ${logTail(logFile)}`);
    }
    if (await daemonAnswers(endpoint, HELLO_WAIT_MS)) return;
    await sleep(POLL_MS);
  }
}

/** What bwrap writes on its info fd: complete once it closes the fd, or after INFO_WAIT_MS. */
function readInfo(child: ChildProcess): { ended: Promise<string>; sofar: () => string } {
  const pipe = child.stdio[INFO_FD];
  let text = "";
  if (!(pipe instanceof Readable)) return { ended: Promise.resolve(""), sofar: () => "" };
  pipe.on("data", (chunk: Buffer) => {
    text += chunk.toString("utf8");
  });
  const ended = new Promise<string>((resolve) => {
    const timer = setTimeout(() => {
      pipe.destroy();
      resolve(text);
    }, INFO_WAIT_MS);
    timer.unref();
    pipe.once("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
    pipe.once("error", () => {});
  });
  return { ended, sofar: () => text };
}

function logTail(logFile: string): string {
  try {
    return readFileSync(logFile, "utf8").slice(-LOG_TAIL_BYTES).trim() || "(nothing in its log)";
  } catch {
    return "(no log)";
  }
}
