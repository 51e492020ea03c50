import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import {
  HARNESS_DISPLAY_NAMES,
  StartArgs,
  type StartMeta,
  taskLogPath,
  taskPromptPath,
} from "@guilds/protocol/harness";
import { processStartTicks } from "@guilds/runtime/processTable";
import { ensureRunFolder } from "@guilds/runtime/runRetention";
import { ensureStateDir, filesOfCall, removeCallFiles } from "../callFiles.ts";
import { cliRunning } from "../callLiveness.ts";
import { credentialAdvice } from "../credentialAdvice.ts";
import type { HarnessDriver } from "../drivers/driver.ts";
import { driverFor } from "../drivers/drivers.ts";
import { checkHarness, type HarnessCheck } from "../harnessCheck.ts";
import { harnessEnvironment, launchEnvironment } from "../harnessEnvironment.ts";
import { type HarnessOp, parseHarnessArgs } from "../harnessOp.ts";
import { writePrivateFile } from "../privateFile.ts";
import { repositoryFolder } from "../repositoryFolder.ts";
import { forkSupervisor } from "../supervisorFork.ts";
import { openTaskCgroup } from "../taskCgroup.ts";
import { readTaskRecord, type TaskRecord, writeTaskRecord } from "../taskRecord.ts";

/**
 * Refuses a call id still running, checks the CLI and its credential, removes the harness's local
 * configuration, writes the prompt file (0600), makes the task's cgroup (the CLI starts in it),
 * forks the supervisor in its own session, and returns at once. The brief reaches the CLI through
 * the prompt file, never a command line.
 */
export const start: HarnessOp = async (raw, context) => {
  const args = parseHarnessArgs("start", StartArgs, raw);
  const files = filesOfCall(context);
  const earlier = readTaskRecord(files.record);
  if (earlier && cliRunning(files, earlier)) {
    throw new GuildsError(
      "harness.running",
      `The harness of call ${context.request.call_id} is still running; stop it before starting it again.`,
    );
  }
  const driver = driverFor(args.harness);
  const environment = harnessEnvironment(context);
  const checked = await checkHarness(driver, context, environment);
  const executable = usableExecutable(driver, checked);
  const repoDir = repositoryFolder(context.home, args.repo);
  driver.removeLocalConfiguration({ home: context.home, repoDir });

  const { run_id: runId, call_id: callId } = context.request;
  const promptFile = path.join(context.home, taskPromptPath(runId, callId));
  const logFile = path.join(context.home, taskLogPath(runId, callId));
  ensureStateDir(context);
  removeCallFiles(files);
  mkdirSync(files.driverDir, { mode: 0o700 });
  const launch = driver.launch({
    home: context.home,
    repoDir,
    model: args.model,
    effort: args.effort,
    sessionId: args.session_id,
    promptFile,
    stateDir: files.driverDir,
    credential: checked.credential,
    asRoot: process.getuid?.() === 0,
    env: environment,
  });
  ensureRunFolder(context.runDir);
  writePrivateFile(promptFile, args.brief);
  writePrivateFile(logFile, "");

  const record: TaskRecord = {
    harness: args.harness,
    repo: args.repo,
    model: args.model,
    effort: args.effort,
    session_id: args.session_id,
    started_at: new Date().toISOString(),
    version: checked.meta.version,
    credential: checked.credential.kind,
    log_path: taskLogPath(runId, callId),
    prompt_path: taskPromptPath(runId, callId),
    log_file: logFile,
    prompt_file: promptFile,
    supervisor_pid: null,
    supervisor_start_ticks: null,
  };
  writeTaskRecord(files.record, record);
  const cliArgv = [executable, ...launch.argv.slice(1)];
  const taskGroup = openTaskCgroup(context);
  const supervisorPid = await forkSupervisor(context, files, {
    argv: taskGroup ? taskGroup.joinArgv(cliArgv) : cliArgv,
    env: launchEnvironment(environment, launch),
    cwd: repoDir,
    stdin_file: launch.prompt === "stdin" ? promptFile : null,
    log_file: logFile,
  }).catch((caught: unknown) => {
    removeCallFiles(files);
    rmSync(promptFile, { force: true });
    throw caught;
  });
  writeTaskRecord(files.record, {
    ...record,
    supervisor_pid: supervisorPid,
    supervisor_start_ticks: processStartTicks(supervisorPid),
  });

  const meta: StartMeta = {
    log_path: record.log_path,
    prompt_path: record.prompt_path,
    credential: record.credential,
  };
  return {
    text: `started ${HARNESS_DISPLAY_NAMES[args.harness]} in repos/${args.repo}; log: ${record.log_path}`,
    meta: { ...meta },
  };
};

/** "A CLI missing from the image, or no credential, is an error." */
function usableExecutable(driver: HarnessDriver, checked: HarnessCheck): string {
  const name = HARNESS_DISPLAY_NAMES[driver.name];
  if (checked.executable === null) {
    throw new GuildsError(
      "harness.not_installed",
      `${name} is not installed in the agent's machine: there is no ${driver.binary} on its PATH. Install it in the machine's image, or in ~/.local/bin of the agent's home.`,
    );
  }
  if (checked.credential.kind === "none") {
    throw new GuildsError(
      "harness.no_credential",
      `${name} has no credential in the agent's machine: ${credentialAdvice(driver.name)}.`,
    );
  }
  return checked.executable;
}
