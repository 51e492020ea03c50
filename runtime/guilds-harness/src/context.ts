import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import { type MachineCgroupView, machineCgroupFromEnv } from "@guilds/protocol/machineCgroup";
import { runFolder, SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";

/** What every harness op knows about the call it serves and the machine it runs on. */
export interface HarnessContext {
  request: HelperRequest;
  /** The agent's home ($HOME of the helper). */
  home: string;
  /** /run/guilds/<agent id>/harness: the calls' state files, gone with the machine. */
  stateDir: string;
  /** <home>/.runs/<run id>: the prompt files and harness logs. */
  runDir: string;
  /** PATH of the helper: where the harness CLIs are looked up, and the PATH they get. */
  path: string;
  /** The machine's cgroup (GUILDS_CGROUP), where each task gets a group of its own; null without one. */
  cgroup: MachineCgroupView | null;
  /** How to run this helper again (node and its bundle): the supervisor is this helper too. */
  helperCommand: [string, ...string[]];
}

export function createContext(
  request: HelperRequest,
  environment: NodeJS.ProcessEnv,
  helperCommand: [string, ...string[]],
): HarnessContext {
  for (const id of [request.run_id, request.agent_id, request.call_id]) {
    // The ids name folders and files here: "." or ".." (which the id pattern allows) would escape them.
    if (/^\.+$/.test(id)) {
      throw new GuildsError("request.invalid", `The id ${JSON.stringify(id)} cannot name a file or folder.`);
    }
  }
  const home = environment.HOME ?? SANDBOX_HOME;
  const runtimeDir = environment.GUILDS_RUNTIME_DIR ?? SANDBOX_RUNTIME_DIR;
  return {
    request,
    home,
    stateDir: path.join(runtimeDir, request.agent_id, "harness"),
    runDir: path.join(home, runFolder(request.run_id)),
    path: environment.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    cgroup: machineCgroupFromEnv(environment),
    helperCommand,
  };
}
