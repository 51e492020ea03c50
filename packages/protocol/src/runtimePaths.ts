/** Where things live inside a machine, the same for every provider. */

/** The agent's home inside the sandbox. */
export const SANDBOX_HOME = "/home/agent";
/** Lives only as long as the machine: background records, harness state, request files. */
export const SANDBOX_RUNTIME_DIR = "/run/guilds";

/** The home-relative folder of every run's folder. */
export const RUNS_FOLDER = ".runs";

/** The home-relative folder of a run: shell logs, cwd, prompt files, harness logs. */
export function runFolder(runId: string): string {
  return `${RUNS_FOLDER}/${runId}`;
}

/** The request file for a request too long for the command line, relative to the runtime dir. */
export function requestFileName(runId: string, callId: string): string {
  return `requests/${runId}-${callId}.json`;
}

/**
 * The file of a one-shot call's env and repo_tokens, relative to the runtime dir. `nonce` keeps the
 * ops of one call (a code_task's start, polls, stop) apart.
 */
export function callEnvironmentFileName(runId: string, callId: string, nonce: string): string {
  return `requests/${runId}-${callId}.${nonce}.env.json`;
}
