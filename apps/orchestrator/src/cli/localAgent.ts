import { lstat, mkdir, readdir, realpath, rm } from "node:fs/promises";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { serverIdOf } from "../machines/docker/containerLabels.ts";
import { type ContainerEngine, createDockerMachine } from "../machines/docker/dockerMachine.ts";
import type { LifecycleMachine } from "../machines/lifecycle/machineLifecycle.ts";
import { sandboxUser } from "../machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine } from "../machines/local/localMachine.ts";
import { consoleLogger, type SandboxMode, type SeccompSetting } from "../machines/local/localOptions.ts";
import { DEFAULT_MACHINE_LIMITS, type MachineLimits } from "../machines/machineLimits.ts";
import { defaultWorkingDirectory } from "../toolbox/workingDirectory.ts";
import { refuseForeignHome } from "./foreignHome.ts";

/** A local agent of the CLI: a home folder of the user's choice and the machine around it. */
export interface LocalAgent {
  agentId: string;
  machine: LifecycleMachine;
  /** "repos/<name>" when the home holds exactly one repository, else "". */
  defaultCwd: string;
}

/**
 * The home is the folder the user names, links resolved, so every path the agent is shown is under
 * it. The machine is persistent: each CLI call is one process, and the machine (its background
 * commands with it) lives on between calls until its idle stop.
 */
export async function openLocalAgent(
  homeArgument: string,
  sandbox: SandboxMode,
  seccomp: SeccompSetting = "on",
  machineLimits: LocalAgentLimits = { off: false, limits: DEFAULT_MACHINE_LIMITS },
  engine?: ContainerEngine,
): Promise<LocalAgent> {
  const home = await ensureHome(path.resolve(homeArgument));
  const agentId = agentIdOf(home);
  if (sandbox !== "unconfined" || engine !== undefined) await refuseForeignHome(home, sandboxUser(agentId));
  const root = machineRootOf(home);
  await ensureRoot(root, home);
  const defaultCwd = defaultWorkingDirectory(await repositoryNames(home));
  if (engine !== undefined) {
    // The container outlives each call, as a local machine does; a later call adopts it.
    const machine = createDockerMachine({
      engine,
      agentId,
      root,
      homeDir: home,
      serverId: serverIdOf(root),
      limits: () => machineLimits.limits,
      logger: consoleLogger,
    });
    return { agentId, machine, defaultCwd };
  }
  const machine = await createLocalMachine({
    agentId,
    root,
    homeDir: home,
    sandbox,
    seccomp,
    limitsOff: machineLimits.off,
    limits: () => machineLimits.limits,
    persistent: true,
    logger: consoleLogger,
  });
  return { agentId, machine, defaultCwd };
}

/** GUILDS_LIMITS and the GUILDS_MAX_* maxima, as the server reads them. */
export interface LocalAgentLimits {
  off: boolean;
  limits: MachineLimits;
}

/** The machine's folder of a CLI home: beside it, .<name>.guilds-machine (outside the agent's reach). */
export function machineRootOf(home: string): string {
  return path.join(path.dirname(home), `.${path.basename(home) || "agent"}.guilds-machine`);
}

export function agentIdOf(home: string): string {
  return (
    path
      .basename(home)
      .replace(/[^A-Za-z0-9_.-]+/g, "-")
      .slice(0, 100) || "agent"
  );
}

async function ensureHome(home: string): Promise<string> {
  try {
    await mkdir(home, { recursive: true });
    return await realpath(home);
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw new GuildsError(
      "cli.usage",
      `--home ${home} cannot be used as the agent's home (${reason}); pass a folder.`,
    );
  }
}

async function ensureRoot(root: string, home: string): Promise<void> {
  try {
    await mkdir(root, { recursive: true });
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw new GuildsError(
      "cli.usage",
      `the machine of --home ${home} lives beside it, in ${root}, which cannot be made (${reason}); pass a home whose parent folder you can write.`,
    );
  }
  // Earlier versions linked <root>/home to the home; the machine now takes the home itself.
  const old = path.join(root, "home");
  if ((await lstat(old).catch(() => undefined))?.isSymbolicLink()) await rm(old);
}

/** The repositories of a local agent: the folders under repos/ in its home. */
async function repositoryNames(home: string): Promise<string[]> {
  const entries = await readdir(path.join(home, "repos"), { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}
