import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { OpContext } from "../../context.ts";
import { shellQuote } from "./shellQuote.ts";

/**
 * Learns the directory a command's shell ends in. BASH_ENV names a startup file that sets an EXIT
 * trap writing `pwd -P` to a report file, so the command string runs unchanged (its error messages
 * and line numbers stay its own) and the directory is known after `exit 3`, a failure or SIGTERM.
 * The startup file unsets BASH_ENV first, so scripts the command runs do not inherit the trap.
 * Given `joinCgroup` folders, it first moves the shell into that cgroup (echo is a builtin: no
 * process starts before it is in), cheaper than a wrapper process.
 */
export interface FinalCwdProbe {
  /** Variables to add to the command's environment. */
  variables: Record<string, string>;
  /** The directory the shell ended in, if it reported one; removes the probe's files. */
  take(): string | undefined;
}

export function finalCwdProbe(context: OpContext, joinCgroup: readonly string[] = []): FinalCwdProbe {
  const base = path.join(context.runDir, context.request.call_id);
  const startupFile = `${base}.bashenv`;
  const reportFile = `${base}.cwd`;
  const record = `pwd -P > ${shellQuote(reportFile)} 2>/dev/null`;
  // Quietly: a shell that cannot join still runs its command, held by the machine's own limits.
  const joins = joinCgroup.map(
    (dir) => `{ echo 0 > ${shellQuote(path.join(dir, "cgroup.procs"))}; } 2>/dev/null\n`,
  );
  writeFileSync(startupFile, `${joins.join("")}unset BASH_ENV\ntrap ${shellQuote(record)} EXIT\n`, {
    mode: 0o600,
  });
  return {
    variables: { BASH_ENV: startupFile },
    take() {
      const reported = readReport(reportFile);
      rmSync(startupFile, { force: true });
      rmSync(reportFile, { force: true });
      return reported !== undefined && isDirectory(reported) ? reported : undefined;
    },
  };
}

function readReport(reportFile: string): string | undefined {
  try {
    const directory = readFileSync(reportFile, "utf8").replace(/\n$/, "");
    return path.isAbsolute(directory) ? directory : undefined;
  } catch {
    // the command replaced the trap, or exec'd another program
    return undefined;
  }
}

function isDirectory(candidate: string): boolean {
  try {
    return statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}
