import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Machine } from "../machines/machine.ts";
import { gitRuntimeFiles } from "./gitRuntimeFiles.ts";
import { runHostGit } from "./hostGit.ts";
import { runMachineCommand } from "./machineCommand.ts";
import { CLONE_TIMEOUT_MS } from "./remoteClone.ts";
import { cloneFailed } from "./repositoryErrors.ts";

/** Writing the bundle of a host repository takes at most this long. */
const BUNDLE_TIMEOUT_MS = 5 * 60 * 1000;
const FAST_COMMAND_TIMEOUT_MS = 30_000;

export interface HostImport {
  name: string;
  /** The repository on this host. */
  hostPath: string;
  /** What the clone shows as its origin: the path or file:// URL the operator gave. */
  origin: string;
  /** Relative to the home: repos/<name>. */
  folder: string;
}

/**
 * Clones a repository of this host into the machine, which cannot see this host's files (and on
 * another provider runs elsewhere): its branches, tags and HEAD go into a git bundle here, the
 * bundle goes in through the machine's file API, and git inside clones from it. Only committed work
 * travels; the clone's origin then names the host path, for display (it cannot be fetched from inside).
 * The bundle passes through this process's memory once: the file API takes a buffer.
 */
export async function importHostRepository(machine: Machine, repository: HostImport): Promise<void> {
  const bundleInside = gitRuntimeFiles(machine).importBundle(repository.name);
  const scratch = await mkdtemp(path.join(tmpdir(), "guilds-bundle-"));
  try {
    const bundleHere = path.join(scratch, "repository.bundle");
    const bundled = await runHostGit(
      ["-C", repository.hostPath, "bundle", "create", bundleHere, "HEAD", "--branches", "--tags"],
      { timeoutMs: BUNDLE_TIMEOUT_MS },
    );
    if (!bundled.ok) {
      const what = bundled.timedOut
        ? `bundling ${repository.hostPath} on the server took too long`
        : `git bundle create in ${repository.hostPath} on the server failed`;
      throw cloneFailed(repository.name, what, bundled.stderrLines, []);
    }
    await machine.writeFile(bundleInside, await readFile(bundleHere), 0o600);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  try {
    await cloneInside(machine, repository, bundleInside);
  } finally {
    await runMachineCommand(machine, {
      argv: ["rm", "-f", bundleInside],
      timeoutMs: FAST_COMMAND_TIMEOUT_MS,
    });
  }
}

async function cloneInside(machine: Machine, repository: HostImport, bundle: string): Promise<void> {
  const cloned = await runMachineCommand(machine, {
    argv: ["git", "clone", "--", bundle, repository.folder],
    env: { GIT_TERMINAL_PROMPT: "0" },
    cwd: machine.home,
    timeoutMs: CLONE_TIMEOUT_MS,
  });
  if (!cloned.ok) {
    const what = `git clone from the bundle of ${repository.hostPath} exited with code ${cloned.code ?? "unknown"}`;
    throw cloneFailed(repository.name, what, cloned.stderrLines, []);
  }
  const renamed = await runMachineCommand(machine, {
    argv: ["git", "-C", repository.folder, "remote", "set-url", "origin", repository.origin],
    cwd: machine.home,
    timeoutMs: FAST_COMMAND_TIMEOUT_MS,
  });
  if (!renamed.ok) {
    throw cloneFailed(repository.name, "git remote set-url origin failed", renamed.stderrLines, []);
  }
}
