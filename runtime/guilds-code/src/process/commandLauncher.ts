import { type ChildProcessByStdio, spawn } from "node:child_process";
import { constants } from "node:os";
import type { Readable, Writable } from "node:stream";
import { GuildsError } from "@guilds/protocol/guildsError";
import { SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";
import type { ProcessExit } from "@guilds/runtime/processExit";
import { stopProcessGroup } from "@guilds/runtime/processGroupStop";
import { readLines } from "../transport/readLines.ts";
import { LAUNCHER_SCRIPT } from "./launcherScript.ts";
import type { StartedGroup } from "./processGroup.ts";

/** One command for the launcher: bash -c `command` in `cwd`, stdin closed, both outputs appended to `logFile`. */
export interface LaunchSpec {
  command: string;
  cwd: string;
  /** The command's whole environment. */
  env: Record<string, string>;
  /** Opened for appending: the caller creates it. */
  logFile: string;
  /** The cgroup files the command joins before bash starts (ChildCgroup.joinFiles); none: the launcher's. */
  join?: readonly string[];
}

interface Pending {
  pid: number | null;
  started: (pid: number | null) => void;
  refused: (error: Error) => void;
  exited: (exit: ProcessExit) => void;
  lost: (error: Error) => void;
}

type Launcher = ChildProcessByStdio<Writable, Readable, null>;

const MAX_LINE_BYTES = 64 * 1024;
const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name]));

/**
 * Starts the long-lived helper's foreground commands through a Perl process it keeps
 * (launcherScript.ts), started at the first command. `launch` answers null when the launcher
 * cannot take the command (no perl on the machine, a NUL or a nameless variable the protocol
 * cannot carry, the launcher gone before forking it): the caller spawns it itself. A command
 * running when the launcher dies is stopped, and its call fails with shell.launcher_lost.
 */
export class CommandLauncher {
  readonly #path: string;
  #perl: Launcher | null = null;
  #unavailable = false;
  #count = 0;
  readonly #pending = new Map<string, Pending>();

  /** `searchPath`: where perl is found. */
  constructor(searchPath: string) {
    this.#path = searchPath;
  }

  launch(spec: LaunchSpec): Promise<StartedGroup | null> {
    const fields = recordFields(spec);
    if (this.#unavailable || fields === null) return Promise.resolve(null);
    const perl = this.#launcher();
    this.#count += 1;
    const name = String(this.#count);
    // Made now: the exit can come in the same read as the start.
    let exited: (exit: ProcessExit) => void = () => {};
    let lost: (error: Error) => void = () => {};
    const exit = new Promise<ProcessExit>((resolve, reject) => {
      exited = resolve;
      lost = reject;
    });
    return new Promise((resolve, refused) => {
      const started = (pid: number | null) => resolve(pid === null ? null : { pid, exited: exit });
      this.#pending.set(name, { pid: null, started, refused, exited, lost });
      perl.stdin.write(`${[name, String(fields.length), ...fields].join("\0")}\0`);
    });
  }

  /** Ends the launcher (its stdin closing ends it); commands it started run on. */
  close(): void {
    this.#perl?.stdin.end();
  }

  #launcher(): Launcher {
    if (this.#perl !== null) return this.#perl;
    // A session of its own, with no terminal: the commands' process groups are made in it.
    const perl = spawn("perl", ["-e", LAUNCHER_SCRIPT], {
      env: { PATH: this.#path },
      detached: true,
      stdio: ["pipe", "pipe", "ignore"],
    });
    perl.stdin.on("error", () => {});
    void readLines(perl.stdout, MAX_LINE_BYTES, (line) => this.#onLine(line)).catch(() => {});
    perl.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") this.#unavailable = true;
      this.#lost(perl);
    });
    perl.once("exit", () => this.#lost(perl));
    this.#perl = perl;
    return perl;
  }

  #onLine(line: string): void {
    const [event = "", name = "", ...rest] = line.split(" ");
    const pending = this.#pending.get(name);
    if (pending === undefined) return;
    const value = rest.join(" ");
    if (event === "started") {
      pending.pid = Number(value);
      pending.started(pending.pid);
    } else if (event === "exited") {
      const [status = "", pid = ""] = rest;
      this.#pending.delete(name);
      if (pending.pid === null) {
        pending.pid = Number(pid);
        pending.started(pending.pid);
      }
      pending.exited(exitOfWaitStatus(Number(status)));
    } else if (event === "failed") {
      this.#pending.delete(name);
      pending.refused(new Error(value));
    }
  }

  /** The next command gets a new launcher; those this one had started are stopped: nothing can report their exit. */
  #lost(perl: Launcher): void {
    if (this.#perl !== perl) return;
    this.#perl = null;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const command of pending) {
      const { pid } = command;
      if (pid === null) {
        command.started(null);
        continue;
      }
      void stopProcessGroup(pid, SHELL_KILL_GRACE_MS).then(() =>
        command.lost(
          new GuildsError(
            "shell.launcher_lost",
            "the process that starts the helper's commands ended while this command ran, so the command was stopped; run it again.",
          ),
        ),
      );
    }
  }
}

/** The record's fields after its name and count; null when one holds a NUL or a name `=` would split. */
function recordFields(spec: LaunchSpec): string[] | null {
  const variables = Object.entries(spec.env);
  if (variables.some(([name]) => name === "" || name.includes("="))) return null;
  const join = spec.join ?? [];
  if (join.some((file) => file.includes("\n"))) return null;
  const fields = [
    spec.cwd,
    spec.logFile,
    join.join("\n"),
    spec.command,
    ...variables.map(([name, value]) => `${name}=${value}`),
  ];
  return fields.some((field) => field.includes("\0")) ? null : fields;
}

/** A wait status as Node reports an exit: a code, or the signal that ended it. */
function exitOfWaitStatus(status: number): ProcessExit {
  const signal = status & 0x7f;
  if (signal === 0) return { code: (status >> 8) & 0xff, signal: null };
  const name = SIGNAL_NAMES.get(signal);
  return name === undefined
    ? { code: 128 + signal, signal: null }
    : { code: null, signal: name as NodeJS.Signals };
}
