import { lstat, mkdir, readdir, readlink, symlink } from "node:fs/promises";
import path from "node:path";
import { createLocalMachine, type LocalMachine } from "../machines/local/localMachine.ts";
import { consoleLogger, type SandboxMode } from "../machines/local/localOptions.ts";
import { giveHomeTo, sandboxUser } from "../machines/local/sandboxUser.ts";
import { defaultWorkingDirectory } from "../toolbox/workingDirectory.ts";
import { UsageError } from "./usage.ts";

/** A local agent of the CLI: a home folder of the user's choice and the machine around it. */
export interface LocalAgent {
  agentId: string;
  machine: LocalMachine;
  /** "repos/<name>" when the home holds exactly one repository, else "". */
  defaultCwd: string;
}

/**
 * The machine's folder sits beside the home (.<name>.guilds-machine), its `home` a link to the
 * home itself: the local provider keeps a machine's home at <root>/home.
 */
export async function openLocalAgent(homeArgument: string, sandbox: SandboxMode): Promise<LocalAgent> {
  const home = path.resolve(homeArgument);
  await ensureDirectory(home);
  const name = path.basename(home) || "agent";
  const root = path.join(path.dirname(home), `.${name}.guilds-machine`);
  await mkdir(root, { recursive: true });
  await ensureHomeLink(path.join(root, "home"), home);
  const agentId = name.replace(/[^A-Za-z0-9_.-]+/g, "-").slice(0, 100) || "agent";
  const machine = await createLocalMachine({ agentId, root, sandbox, logger: consoleLogger });
  // The provider hands <root>/home to the sandbox's uid, but only changes a link itself, never its
  // target: hand the real home over here. (A homeDir option of the provider would replace the link.)
  if (machine.sandbox === "bwrap") await giveHomeTo(sandboxUser(agentId), home);
  return { agentId, machine, defaultCwd: defaultWorkingDirectory(await repositoryNames(home)) };
}

async function ensureDirectory(home: string): Promise<void> {
  try {
    await mkdir(home, { recursive: true });
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw new UsageError(`--home ${home} cannot be used as the agent's home (${reason}); pass a folder.`);
  }
}

async function ensureHomeLink(link: string, home: string): Promise<void> {
  const existing = await lstat(link).catch(() => undefined);
  if (!existing) {
    await symlink(home, link);
    return;
  }
  if (existing.isSymbolicLink() && (await readlink(link)) === home) return;
  throw new UsageError(
    `${link} exists and is not a link to ${home}; move it away, or pass the home it belongs to.`,
  );
}

/** The repositories of a local agent: the folders under repos/ in its home. */
async function repositoryNames(home: string): Promise<string[]> {
  const entries = await readdir(path.join(home, "repos"), { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}
