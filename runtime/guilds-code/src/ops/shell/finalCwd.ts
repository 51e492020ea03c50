import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { OpContext } from "../../context.ts";

/**
 * Learns the directory a command's shell ends in. BASH_ENV names a startup file that sets an EXIT
 * trap appending `<call> <pwd -P>` to the helper's report file, so the command string runs unchanged
 * (its error messages and line numbers stay its own) and the directory is known after `exit 3`, a
 * failure or SIGTERM. The startup file unsets BASH_ENV first, so scripts the command runs do not
 * inherit the trap, and the variables it was given. Given join files (GUILDS_JOIN: ChildCgroup.joinFiles,
 * when the launcher did not join for it), it first moves the shell into that cgroup (echo is a
 * builtin: no process starts before it is in), cheaper than a wrapper process.
 *
 * No file is made per call: the startup file is written once, and the helper's report file only
 * grows (it is emptied when large and no command of the helper runs; removed as the helper exits). Creating a file costs 0.25-0.5 ms
 * on ext4, and rewriting one flushes it.
 */
export interface FinalCwdProbe {
  /** Variables to add to the command's environment. */
  variables: Record<string, string>;
  /** The directory the shell ended in, if it reported one. */
  take(): string | undefined;
}

/** Named by its version: a helper of another build may share the agent's folder. */
const STARTUP_FILE = "cwd-probe-3.bash";
/** Past this, the report file is emptied once no command of the helper runs. */
const REPORT_FILE_MAX_BYTES = 1024 * 1024;

const STARTUP_SCRIPT = `unset BASH_ENV
__guilds_rest=$GUILDS_JOIN
while [ -n "$__guilds_rest" ]; do
  __guilds_file=\${__guilds_rest%%$'\\n'*}
  { echo 0 > "$__guilds_file"; } 2>/dev/null
  [ "$__guilds_file" = "$__guilds_rest" ] && break
  __guilds_rest=\${__guilds_rest#*$'\\n'}
done
builtin printf -v __guilds_trap '{ builtin cd -P . && builtin printf "%%s\\\\t%%s\\\\0" %q "$PWD" >> %q; } 2>/dev/null' "$GUILDS_CALL" "$GUILDS_CWD_REPORT"
trap "$__guilds_trap" EXIT
unset GUILDS_JOIN GUILDS_CALL GUILDS_CWD_REPORT __guilds_rest __guilds_file __guilds_trap
`;

let prepared: string | null = null;
let running = 0;

export function finalCwdProbe(context: OpContext): FinalCwdProbe {
  const folder = probeFolder(context);
  const reportFile = reportFileIn(folder);
  const call = `${context.request.run_id}/${context.request.call_id}`;
  const offset = sizeOf(reportFile);
  running += 1;
  return {
    variables: {
      BASH_ENV: path.join(folder, STARTUP_FILE),
      GUILDS_CALL: call,
      GUILDS_CWD_REPORT: reportFile,
    },
    take() {
      running -= 1;
      return reportedBy(reportFile, offset, call);
    },
  };
}

/**
 * The agent's runtime folder holds the startup file, looked at once per helper and written when it
 * differs; by a rename, as a shell of another helper may be reading it.
 */
function probeFolder(context: OpContext): string {
  if (prepared !== context.agentDir) {
    const file = path.join(context.agentDir, STARTUP_FILE);
    if (contentOf(file) !== STARTUP_SCRIPT) {
      mkdirSync(context.agentDir, { recursive: true, mode: 0o700 });
      const written = `${file}.${process.pid}`;
      writeFileSync(written, STARTUP_SCRIPT, { mode: 0o600 });
      renameSync(written, file);
    }
    prepared = context.agentDir;
    const reportFile = reportFileIn(context.agentDir);
    process.once("exit", () => rmSync(reportFile, { force: true }));
  }
  return context.agentDir;
}

/** The helper's own: each helper reads only what its commands append. */
function reportFileIn(folder: string): string {
  return path.join(folder, `cwd-${process.pid}`);
}

function contentOf(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** The call's record after `offset`; the file is emptied when large and nothing else will append. */
function reportedBy(reportFile: string, offset: number, call: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(reportFile, "r+");
  } catch {
    // no command of this helper reported yet
    return undefined;
  }
  try {
    const size = fstatSync(descriptor).size;
    const tail = Buffer.alloc(Math.max(0, size - offset));
    readSync(descriptor, tail, 0, tail.length, offset);
    if (size > REPORT_FILE_MAX_BYTES && running === 0) ftruncateSync(descriptor, 0);
    const directory = recordOf(tail.toString("utf8"), call);
    return directory !== undefined && path.isAbsolute(directory) && isDirectory(directory)
      ? directory
      : undefined;
  } finally {
    closeSync(descriptor);
  }
}

function recordOf(records: string, call: string): string | undefined {
  const prefix = `${call}\t`;
  // the command replaced the trap, or exec'd another program: no record
  const record = records.split("\0").findLast((candidate) => candidate.startsWith(prefix));
  return record?.slice(prefix.length);
}

function isDirectory(candidate: string): boolean {
  try {
    return statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}
