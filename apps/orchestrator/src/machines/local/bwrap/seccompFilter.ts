import { type ChildProcess, execFile, type IOType, type StdioOptions } from "node:child_process";
import { Writable } from "node:stream";
import { GuildsError } from "@guilds/protocol/guildsError";
import { refusedCalls } from "./seccompPolicy.ts";

/** Debian's python3-seccomp (libseccomp's own bindings) is installed for the system's python only. */
export const SYSTEM_PYTHON = "/usr/bin/python3";
const BUILD_TIMEOUT_MS = 10_000;

/**
 * Reads the refused calls (JSON) on stdin, writes the filter as BPF on stdout. Only the native
 * architecture is added, so a call through another ABI (i386 or x32 on x86_64, arm on aarch64)
 * kills the process. A name the native architecture lacks resolves below zero and is skipped.
 */
const BUILD_SCRIPT = `
import errno, json, sys
import seccomp
refuse = seccomp.ERRNO(errno.EPERM)
bpf = seccomp.SyscallFilter(seccomp.ALLOW)
bpf.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
bpf.set_attr(seccomp.Attr.CTL_OPTIMIZE, 2)
for call in json.load(sys.stdin):
    try:
        number = seccomp.resolve_syscall(seccomp.Arch.NATIVE, call["name"])
    except ValueError:
        continue
    if number < 0:
        continue
    when = call.get("when")
    if when is None:
        bpf.add_rule(refuse, call["name"])
    else:
        bpf.add_rule(refuse, call["name"], seccomp.Arg(when["argument"], seccomp.MASKED_EQ, when["mask"], when["value"]))
bpf.export_bpf(sys.stdout)
`;

let cached: Promise<Buffer> | null = null;

/**
 * The machines' seccomp filter (seccompPolicy.ts), built once per process with libseccomp. A failure
 * is not kept: installing the package makes the next machine start work.
 */
export function machineSeccompFilter(): Promise<Buffer> {
  if (!cached) {
    cached = buildSeccompFilter();
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

/** Builds the filter with `python` (the system's, unless a test says otherwise). */
export function buildSeccompFilter(python = SYSTEM_PYTHON): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      python,
      ["-c", BUILD_SCRIPT],
      { encoding: "buffer", env: { PATH: "/usr/bin:/bin" }, timeout: BUILD_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (!error && stdout.length > 0) return resolve(stdout);
        const detail = lastLine(stderr.toString("utf8")) || error?.message || "it printed no filter";
        reject(
          new GuildsError(
            "machine.start_failed",
            `the machines' seccomp filter cannot be built with ${python} (${detail}). Install libseccomp's Python bindings (apt-get install python3-seccomp), or set GUILDS_SECCOMP=off to run machines without the filter (not recommended).`,
          ),
        );
      },
    );
    child.stdin?.on("error", () => {});
    child.stdin?.end(JSON.stringify(refusedCalls()));
  });
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1)?.trim() ?? "";
}

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
