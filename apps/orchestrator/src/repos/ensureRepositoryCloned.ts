import type { Machine } from "../machines/machine.ts";
import { importHostRepository } from "./hostRepositoryImport.ts";
import { runMachineCommand } from "./machineCommand.ts";
import { cloneRemote } from "./remoteClone.ts";
import { repositoryFolder } from "./repositoryFolder.ts";
import { cloneRoute, type RepositorySpec } from "./repositorySource.ts";

export interface EnsuredClone {
  /** Relative to the home: repos/<name>. */
  folder: string;
  /** False when the clone was there already. */
  cloned: boolean;
}

const CHECK_TIMEOUT_MS = 30_000;

/** Clones in flight, per machine and repository name: a second caller waits for the first. */
const inFlight = new WeakMap<Machine, Map<string, Promise<EnsuredClone>>>();

/**
 * Makes sure the repository is cloned into the agent's home at repos/<name>, by git inside the
 * machine (started if need be). A folder with a .git is left alone, whatever state the agent left
 * it in. `token` authenticates an http(s) clone. Faults are GuildsErrors: repository.source_invalid,
 * repository.name_invalid, repository.clone_failed (with git's last lines, tokens redacted); a
 * machine's own faults are its machine.* GuildsErrors.
 */
export async function ensureRepositoryCloned(
  machine: Machine,
  repository: RepositorySpec,
  token?: string,
): Promise<EnsuredClone> {
  const folder = repositoryFolder(repository.name);
  const route = cloneRoute(repository.source);
  await machine.start();
  let clones = inFlight.get(machine);
  if (!clones) {
    clones = new Map();
    inFlight.set(machine, clones);
  }
  const running = clones.get(repository.name);
  if (running) return running;
  const clone = (async (): Promise<EnsuredClone> => {
    if (await hasGitFolder(machine, folder)) return { folder, cloned: false };
    if (route.kind === "host") {
      await importHostRepository(machine, {
        name: repository.name,
        hostPath: route.path,
        origin: route.origin,
        folder,
      });
    } else {
      const secrets = [token, route.embeddedToken].filter((value): value is string => value !== undefined);
      const cloneToken = token ?? route.embeddedToken;
      await cloneRemote(machine, {
        name: repository.name,
        url: route.url,
        folder,
        token: cloneToken,
        secrets,
      });
    }
    return { folder, cloned: true };
  })();
  clones.set(repository.name, clone);
  try {
    return await clone;
  } finally {
    clones.delete(repository.name);
  }
}

async function hasGitFolder(machine: Machine, folder: string): Promise<boolean> {
  const ran = await runMachineCommand(machine, {
    argv: ["test", "-e", `${folder}/.git`],
    cwd: machine.home,
    timeoutMs: CHECK_TIMEOUT_MS,
  });
  return ran.ok;
}
