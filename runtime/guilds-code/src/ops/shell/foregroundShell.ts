import { closeSync, constants, openSync, unlinkSync } from "node:fs";
import { GuildsError } from "@guilds/protocol/guildsError";
import { SHELL_KILL_GRACE_MS, SHELL_TIMEOUT_EXIT_CODE } from "@guilds/protocol/limits";
import type { ShellArgs } from "@guilds/protocol/toolArgs";
import type { ShellMeta } from "@guilds/protocol/toolMeta";
import { type CommandCgroup, type LimitHit, openCommandCgroup } from "../../cgroups/callCgroup.ts";
import type { OpContext, OpResult } from "../../context.ts";
import { readCwd, writeCwd } from "../../paths/workingDirectory.ts";
import {
  type CommandOutcome,
  runToCompletion,
  type StartedGroup,
  spawnProcessGroup,
  startedGroup,
} from "../../process/processGroup.ts";
import { callLog, withFileSource } from "../../runs/logFile.ts";
import { ensureRunFolder } from "../../runs/runFolder.ts";
import { shapeOutput } from "../../text/shape.ts";
import { finalCwdProbe } from "./finalCwd.ts";
import { SHELL_CANCELLED_EXIT_CODE, SHELL_CANCELLED_TRAILER } from "./shellCancel.ts";
import { shellEnvironment } from "./shellEnvironment.ts";

const MS_PER_SECOND = 1_000;

/**
 * shell in the foreground. The command writes straight to its log (stdout and stderr on one
 * descriptor, so their order is kept); only the head and tail are read back, so memory stays flat
 * however much it prints. A cancelled call stops the command as its timeout would, and still
 * answers with what it printed.
 */
export async function runForegroundShell(args: ShellArgs, context: OpContext): Promise<OpResult> {
  ensureRunFolder(context);
  const cwd = readCwd(context);
  const log = callLog(context);
  const cgroup = await openCommandCgroup(context, "call", context.request.call_id);
  const probe = finalCwdProbe(context);
  let reported: string | undefined;
  let outcome: CommandOutcome;
  try {
    outcome = await runLogged(args, context, cwd, log.file, probe.variables, cgroup);
  } finally {
    reported = probe.take();
  }
  const hit = cgroup?.limitHit() ?? null;
  await cgroup?.close(hit?.limit ?? null);
  const finalCwd = reported ?? cwd;
  writeCwd(context, finalCwd);

  const shaped = withFileSource(log.file, (source) =>
    shapeOutput({
      source,
      trailers: [
        ...(cgroup?.reclaimed ? [cgroup.reclaimed] : []),
        ...(hit === null ? [] : [hit.trailer]),
        ...trailers(outcome, args.timeout_seconds),
      ],
      maxBytes: context.request.max_bytes,
      logPath: log.displayPath,
    }),
  );
  if (!shaped.logNeeded) removeLog(log.file);
  const meta: ShellMeta = {
    exit_code: outcome.exitCode,
    cwd: finalCwd,
    ...(shaped.logNeeded ? { log_path: log.displayPath } : {}),
    timed_out: outcome.stoppedBy === "timeout",
    ...(hit === null ? {} : { limit_hit: hit.limit satisfies LimitHit }),
  };
  return { text: shaped.text, meta: { ...meta } };
}

async function runLogged(
  args: ShellArgs,
  context: OpContext,
  cwd: string,
  logFile: string,
  probeVariables: Record<string, string>,
  cgroup: CommandCgroup | null,
): Promise<CommandOutcome> {
  const env = { ...shellEnvironment(context, cwd), ...probeVariables };
  // The command joins its cgroup before bash runs anything: in the launcher's child, or else from
  // bash's startup file (GUILDS_JOIN).
  const join = cgroup?.group.joinFiles() ?? [];
  // Appending: the machine's log cap drops a long log's middle while it is written (runLogCap).
  const logDescriptor = openSync(
    logFile,
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_APPEND,
    0o600,
  );
  let started: StartedGroup;
  try {
    started =
      (await context.launcher?.launch({ command: args.command, cwd, env, logFile, join })) ??
      startedGroup(
        spawnProcessGroup({
          argv: ["bash", "-c", args.command],
          cwd,
          env: join.length === 0 ? env : { ...env, GUILDS_JOIN: join.join("\n") },
          output: [logDescriptor, logDescriptor],
        }),
      );
  } catch (caught) {
    throw spawnFailed(caught);
  } finally {
    // The command has its own copy of the descriptor, or opens the file itself (the launcher's).
    closeSync(logDescriptor);
  }
  const limits = {
    timeoutMs: args.timeout_seconds * MS_PER_SECOND,
    graceMs: SHELL_KILL_GRACE_MS,
    stoppedExitCodes: { timeout: SHELL_TIMEOUT_EXIT_CODE, cancel: SHELL_CANCELLED_EXIT_CODE },
    cancelled: context.cancelled,
    cgroup: cgroup?.group ?? null,
  };
  try {
    return await runToCompletion(started, limits);
  } catch (caught) {
    throw caught instanceof GuildsError ? caught : spawnFailed(caught);
  }
}

/** One unlink (rmSync's force also stats it first); gone already (a command removed it) is fine. */
function removeLog(file: string): void {
  try {
    unlinkSync(file);
  } catch (caught) {
    if ((caught as NodeJS.ErrnoException).code !== "ENOENT") throw caught;
  }
}

function spawnFailed(caught: unknown): GuildsError {
  const message = caught instanceof Error ? caught.message : String(caught);
  return new GuildsError(
    "shell.spawn_failed",
    `bash could not be started (${message}); the machine needs bash on PATH.`,
  );
}

/**
 * "[timed out after Ns; the command was stopped] and exit_code: 124", the cancel's own line and
 * exit_code: 130 for a cancelled call; exit_code: N when not 0.
 */
export function trailers(outcome: CommandOutcome, timeoutSeconds: number): string[] {
  const exitLine = `exit_code: ${outcome.exitCode}`;
  if (outcome.stoppedBy === "timeout") {
    return [`[timed out after ${timeoutSeconds}s; the command was stopped]`, exitLine];
  }
  if (outcome.stoppedBy === "cancel") return [SHELL_CANCELLED_TRAILER, exitLine];
  return outcome.exitCode === 0 ? [] : [exitLine];
}
