import type { ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import type { Readable } from "node:stream";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { ShellArgs } from "@guilds/protocol/toolArgs";
import type { ShellBackgroundMeta } from "@guilds/protocol/toolMeta";
import { readProcess } from "@guilds/runtime/processTable";
import { openBackgroundCgroup } from "../../background/backgroundCgroup.ts";
import {
  ensureBackgroundFolder,
  exitFile,
  reserveBackgroundId,
  writeBackgroundRecord,
} from "../../background/backgroundRecords.ts";
import type { OpContext, OpResult } from "../../context.ts";
import { readCwd } from "../../paths/workingDirectory.ts";
import { spawnProcessGroup } from "../../process/processGroup.ts";
import { callLog } from "../../runs/logFile.ts";
import { ensureRunFolder } from "../../runs/runFolder.ts";
import { shellEnvironment } from "./shellEnvironment.ts";

/**
 * The wrapper outlives the helper (which exits right after answering) to record the exit code.
 * It runs in its own session; `set -m` puts the command in a process group of its own (pgid = its
 * pid), so a stop signals the command's group and not the wrapper. The wrapper traps TERM, INT and
 * HUP and waits again while the command lives, so only the command's real end is recorded
 * (128 + signal number when a signal ended it). It reports the command's pid on fd 3, which the
 * command does not inherit, then lets go of the log so its own job notices never reach it.
 *   $1 the command   $2 the exit file
 */
const WRAPPER_SCRIPT = `set -m
trap : TERM INT HUP
bash -c "$1" 3>&- &
pid=$!
echo "$pid" >&3
exec 3>&- >/dev/null 2>&1
while :; do
  wait "$pid"
  status=$?
  kill -0 "$pid" 2>/dev/null || break
done
echo "$status" > "$2"
`;
const WRAPPER_NAME = "guilds-background";
const PID_DESCRIPTOR = 3;

/** shell with background: starts the command in its own session and returns at once. */
export async function startBackgroundShell(args: ShellArgs, context: OpContext): Promise<OpResult> {
  ensureRunFolder(context);
  const cwd = readCwd(context);
  const log = callLog(context);
  const folder = ensureBackgroundFolder(context);
  const reserved = reserveBackgroundId(folder, {
    command: args.command,
    cwd,
    log_path: log.displayPath,
    log_file: log.file,
    started_at: new Date().toISOString(),
    pid: null,
    start_ticks: null,
    wrapper_pid: null,
    wrapper_start_ticks: null,
  });

  const cgroup = await openBackgroundCgroup(context, reserved.id);
  const logDescriptor = openSync(log.file, "a", 0o600);
  let wrapper: ChildProcess;
  try {
    wrapper = spawnProcessGroup({
      argv: ["bash", "-c", WRAPPER_SCRIPT, WRAPPER_NAME, args.command, exitFile(folder, reserved.id)],
      cwd,
      env: shellEnvironment(context, cwd),
      output: [logDescriptor, logDescriptor, "pipe"],
      cgroup,
    });
  } finally {
    closeSync(logDescriptor);
  }
  const pid = await reportedPid(wrapper);
  // The helper never waits for it: neither the process nor its pipe may keep it alive.
  wrapper.unref();
  const wrapperPid = wrapper.pid ?? null;
  writeBackgroundRecord(folder, {
    ...reserved,
    pid,
    start_ticks: readProcess(pid)?.startTicks ?? null,
    wrapper_pid: wrapperPid,
    wrapper_start_ticks: wrapperPid === null ? null : (readProcess(wrapperPid)?.startTicks ?? null),
  });

  const meta: ShellBackgroundMeta = { background_id: reserved.id, log_path: log.displayPath };
  return { text: startedText(reserved.id, pid, log.displayPath), meta: { ...meta } };
}

export function startedText(id: string, pid: number, logPath: string): string {
  return [
    `started ${id} in the background (pid ${pid})`,
    `log: ${logPath}`,
    `check it with shell_status {"id": "${id}"}; stop it with shell_status {"id": "${id}", "stop": true}`,
  ].join("\n");
}

function reportedPid(wrapper: ChildProcess): Promise<number> {
  const channel = wrapper.stdio[PID_DESCRIPTOR] as Readable | null | undefined;
  return new Promise((resolve, reject) => {
    const fail = (reason: string) =>
      reject(
        new GuildsError("shell.background_failed", `The background command could not be started: ${reason}.`),
      );
    wrapper.once("error", (error) =>
      fail(`bash could not be started (${error.message}); the machine needs bash on PATH`),
    );
    if (!channel) return fail("its wrapper has no pid channel");
    let reported = "";
    channel.setEncoding("utf8");
    channel.on("data", (chunk: string) => {
      reported += chunk;
    });
    channel.once("end", () => {
      channel.destroy();
      const pid = Number.parseInt(reported, 10);
      if (Number.isInteger(pid) && pid > 0) resolve(pid);
      else fail("its wrapper exited before reporting the command's pid");
    });
  });
}
