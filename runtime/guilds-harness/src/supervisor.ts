import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { exitCodeOf } from "@guilds/runtime/processExit";
import { type CallFiles, callFilesOfRecord } from "./callFiles.ts";
import { SupervisorLaunch } from "./supervisorLaunch.ts";
import { writeExitRecord, writeProcessGroup } from "./supervisorRecords.ts";

/** Exit codes recorded when the CLI could not be started at all, as a shell reports them. */
const NOT_FOUND_EXIT_CODE = 127;
const NOT_EXECUTABLE_EXIT_CODE = 126;
const FAILED_EXIT_CODE = 1;

/**
 * `guilds-harness supervise <call id>.json`: started by start in a session of its own, with the
 * launch on stdin and the call's .stderr file as its stderr. Starts the CLI in its own process
 * group in the repository, with the log file as its stdout (no byte of it passes through here, so
 * memory stays flat however much it prints), records its group in .pid, waits for it, and records
 * its exit code in .exit. Whatever goes wrong, an exit code is recorded and the reason is in .stderr.
 */
export async function supervise(recordFile: string): Promise<void> {
  const files = callFilesOfRecord(recordFile);
  let code: number;
  try {
    const launch = SupervisorLaunch.parse(JSON.parse(await readAll(process.stdin)));
    code = await runCli(launch, files);
  } catch (caught) {
    process.stderr.write(
      `guilds-harness supervise: ${caught instanceof Error ? caught.message : String(caught)}\n`,
    );
    code = FAILED_EXIT_CODE;
  }
  writeExitRecord(files.exit, code);
}

async function runCli(launch: SupervisorLaunch, files: CallFiles): Promise<number> {
  const [command = "", ...args] = launch.argv;
  const descriptors = [
    launch.stdin_file === null ? null : openSync(launch.stdin_file, "r"),
    openSync(launch.log_file, "a", 0o600),
    openSync(files.stderr, "a", 0o600),
  ];
  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      cwd: launch.cwd,
      env: launch.env,
      detached: true,
      stdio: descriptors.map((descriptor) => descriptor ?? "ignore"),
    });
  } finally {
    for (const descriptor of descriptors) if (descriptor !== null) closeSync(descriptor);
  }
  if (child.pid !== undefined) writeProcessGroup(files.pid, child.pid);
  return new Promise((resolve) => {
    child.once("error", (error: NodeJS.ErrnoException) => {
      process.stderr.write(`guilds-harness: could not start ${command}: ${error.message}\n`);
      resolve(startFailureCode(error));
    });
    child.once("exit", (code, signal) => resolve(exitCodeOf({ code, signal })));
  });
}

function startFailureCode(error: NodeJS.ErrnoException): number {
  if (error.code === "ENOENT") return NOT_FOUND_EXIT_CODE;
  if (error.code === "EACCES") return NOT_EXECUTABLE_EXIT_CODE;
  return FAILED_EXIT_CODE;
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
