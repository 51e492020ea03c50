import path from "node:path";
import type { HelperRequest } from "@guilds/protocol/helperRequest";
import {
  MACHINE_CGROUP_VARIABLE,
  type MachineCgroupView,
  machineCgroupFromEnv,
} from "@guilds/protocol/machineCgroup";
import { runFolder, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";
import type { CommandLauncher } from "./process/commandLauncher.ts";

/** What every op knows about the call it serves and the machine it runs on. */
export interface OpContext {
  request: HelperRequest;
  /** The agent's home ($HOME of the helper). */
  home: string;
  /** /run/guilds (GUILDS_RUNTIME_DIR when a provider puts it elsewhere). */
  runtimeDir: string;
  /** /run/guilds/<agent id>: background records and harness state, gone with the machine. */
  agentDir: string;
  /** <home>/.runs/<run id> */
  runDir: string;
  /** PATH for the commands the op runs (the helpers, bash, git, rg, node). */
  path: string;
  /** The machine's cgroup (GUILDS_CGROUP), where each command gets a group of its own; null without one. */
  cgroup: MachineCgroupView | null;
  /**
   * Fires when the call is cancelled: SIGTERM (or SIGINT, SIGHUP) to a one-shot helper, a cancel
   * line to serve, or serve's stdin closing. An op that runs a command stops it the way its own
   * deadline would, and still answers.
   */
  cancelled: AbortSignal;
  /** The long-lived helper's launcher of foreground commands; null in a one-shot helper, which spawns its one command. */
  launcher: CommandLauncher | null;
}

/** An op's outcome for the model: text already shaped to the request's cap, and its metadata. */
export interface OpResult {
  text: string;
  meta: Record<string, unknown>;
}

export type Op = (args: unknown, context: OpContext) => Promise<OpResult>;

/** The helper's own environment names the machine; the request names the call. */
export function createContext(
  request: HelperRequest,
  environment: NodeJS.ProcessEnv,
  cancelled: AbortSignal,
  launcher: CommandLauncher | null = null,
): OpContext {
  const home = environment.HOME ?? "/home/agent";
  const runtimeDir = environment.GUILDS_RUNTIME_DIR ?? SANDBOX_RUNTIME_DIR;
  return {
    request,
    home,
    runtimeDir,
    agentDir: path.join(runtimeDir, request.agent_id),
    runDir: path.join(home, runFolder(request.run_id)),
    path: searchPathOf(environment),
    cgroup: machineCgroupOf(environment),
    cancelled,
    launcher,
  };
}

let parsedCgroup: { value: string | undefined; view: MachineCgroupView | null } | null = null;

/** The machine's cgroup, parsed again only when the variable changes (a long-lived helper's never does). */
function machineCgroupOf(environment: NodeJS.ProcessEnv): MachineCgroupView | null {
  const value = environment[MACHINE_CGROUP_VARIABLE];
  if (parsedCgroup === null || parsedCgroup.value !== value) {
    parsedCgroup = { value, view: machineCgroupFromEnv(environment) };
  }
  return parsedCgroup.view;
}

/** The helper's PATH: where the commands it runs, and the launcher's perl, are found. */
export function searchPathOf(environment: NodeJS.ProcessEnv): string {
  return environment.PATH ?? "/usr/local/bin:/usr/bin:/bin";
}
