import { spawn } from "node:child_process";
import { GuildsError } from "@guilds/protocol/guildsError";
import { SHELL_KILL_GRACE_MS } from "@guilds/protocol/limits";

/** rg's complaints are short (a regex error, a few unreadable files); more is never shown. */
const STDERR_KEPT_BYTES = 8 * 1024;

export interface RipgrepOptions {
  args: string[];
  /** rg runs here, so the paths it prints are relative to it. */
  cwd: string;
  /** PATH (where rg is) and HOME (for git's global excludes): nothing else reaches rg. */
  env: { PATH: string; HOME: string };
  /** Epoch milliseconds past which rg is stopped. */
  deadline: number;
  /** The call was cancelled: rg is stopped as the deadline would stop it. */
  cancelled: AbortSignal;
  /** Each piece of stdout, in order; must be synchronous. */
  onOutput: (chunk: Buffer) => void;
}

export interface RipgrepRun {
  /** 0 matches found, 1 none, 2 an error (possibly beside matches); null when stopped. */
  exitCode: number | null;
  timedOut: boolean;
  cancelled: boolean;
  /** The start of stderr. */
  stderr: string;
}

/**
 * Runs rg once: an argument array (never a shell), stdin ignored, its own process group, stopped
 * with TERM then KILL when the deadline passes or the call is cancelled.
 */
export function runRipgrep(options: RipgrepOptions): Promise<RipgrepRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("rg", options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let timedOut = false;
    let cancelled = false;
    let failure: unknown;
    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    const stop = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    let killTimer: NodeJS.Timeout | undefined;
    const stopNow = () => {
      stop("SIGTERM");
      killTimer = setTimeout(() => stop("SIGKILL"), SHELL_KILL_GRACE_MS);
      killTimer.unref();
    };
    const deadlineTimer = setTimeout(
      () => {
        timedOut = true;
        stopNow();
      },
      Math.max(options.deadline - Date.now(), 0),
    );
    const onCancel = () => {
      cancelled = true;
      stopNow();
    };
    if (options.cancelled.aborted) onCancel();
    else options.cancelled.addEventListener("abort", onCancel, { once: true });
    child.stdout.on("data", (chunk: Buffer) => {
      if (failure !== undefined) return;
      try {
        options.onOutput(chunk);
      } catch (caught) {
        failure = caught;
        stopNow();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderrBytes >= STDERR_KEPT_BYTES) return;
      const kept = chunk.subarray(0, STDERR_KEPT_BYTES - stderrBytes);
      stderr.push(kept);
      stderrBytes += kept.length;
    });
    const cleanUp = () => {
      clearTimeout(deadlineTimer);
      options.cancelled.removeEventListener("abort", onCancel);
    };
    child.on("error", (caught: NodeJS.ErrnoException) => {
      cleanUp();
      if (caught.code === "ENOENT") {
        reject(
          new GuildsError(
            "search.rg_missing",
            `ripgrep (rg) is not on the machine's PATH (${options.env.PATH}); the sandbox image must provide it.`,
          ),
        );
      } else {
        reject(caught);
      }
    });
    child.on("close", (code) => {
      cleanUp();
      if (killTimer) clearTimeout(killTimer);
      if (failure !== undefined) return reject(failure);
      resolve({ exitCode: code, timedOut, cancelled, stderr: Buffer.concat(stderr).toString("utf8") });
    });
  });
}
