import { spawn } from "node:child_process";
import { homedir } from "node:os";
import { collectInto, TailBuffer } from "../toolbox/boundedOutput.ts";
import { STDERR_TAIL_LINES } from "./machineCommand.ts";

const STDERR_TAIL_BYTES = 16 * 1024;
const KILL_GRACE_MS = 2_000;

export interface HostGitResult {
  ok: boolean;
  timedOut: boolean;
  stderrLines: string[];
}

/**
 * Runs git on this host (not in a machine), in its own process group, with an environment built
 * here: the server's own variables (its secrets among them) never reach it. HOME is kept so the
 * operator's git config applies (safe.directory for a repository owned by another user).
 */
export function runHostGit(
  args: string[],
  options: { timeoutMs: number; env?: Record<string, string> },
): Promise<HostGitResult> {
  const env = {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: process.env.HOME ?? homedir(),
    LANG: "C.UTF-8",
    GIT_TERMINAL_PROMPT: "0",
    ...options.env,
  };
  const child = spawn("git", args, { env, detached: true, stdio: ["ignore", "ignore", "pipe"] });
  const stderr = new TailBuffer(STDERR_TAIL_BYTES);
  if (child.stderr) collectInto(child.stderr, stderr);
  return new Promise((resolve) => {
    let timedOut = false;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const deadline = setTimeout(() => {
      timedOut = true;
      signalGroup("SIGTERM");
      setTimeout(() => signalGroup("SIGKILL"), KILL_GRACE_MS).unref();
    }, options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(deadline);
      resolve({ ok: false, timedOut, stderrLines: [`cannot run git on this host: ${error.message}`] });
    });
    child.once("close", (code) => {
      clearTimeout(deadline);
      resolve({ ok: code === 0 && !timedOut, timedOut, stderrLines: stderr.lastLines(STDERR_TAIL_LINES) });
    });
  });
}
