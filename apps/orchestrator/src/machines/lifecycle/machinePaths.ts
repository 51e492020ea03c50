import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";

/** A machine's two writable folders, as seen inside it and where they are on this host. */
export interface MachineFolders {
  home: { inside: string; host: string };
  run: { inside: string; host: string };
}

export function machineFolders(root: string, view: "sandbox" | "host", homeDir?: string): MachineFolders {
  const home = homeDir ?? path.join(root, "home");
  const run = path.join(root, "run");
  return {
    home: { inside: view === "sandbox" ? SANDBOX_HOME : home, host: home },
    run: { inside: view === "sandbox" ? SANDBOX_RUNTIME_DIR : run, host: run },
  };
}

/**
 * The host path of a path inside the machine, under its home or /run/guilds (either spelling: the
 * sandbox's or the host's); null for anything else. A relative path starts at the home.
 */
export function hostPathOf(folders: MachineFolders, pathInside: string): string | null {
  const resolved = path.posix.resolve(folders.home.inside, pathInside);
  const spellings = [
    [SANDBOX_HOME, folders.home.host],
    [folders.home.host, folders.home.host],
    [SANDBOX_RUNTIME_DIR, folders.run.host],
    [folders.run.host, folders.run.host],
  ] as const;
  for (const [prefix, host] of spellings) {
    if (resolved === prefix) return host;
    if (resolved.startsWith(`${prefix}/`)) return path.join(host, resolved.slice(prefix.length + 1));
  }
  return null;
}

/** The same path as the processes inside see it. */
export function insidePathOf(folders: MachineFolders, pathInside: string): string | null {
  const host = hostPathOf(folders, pathInside);
  if (host === null) return null;
  for (const folder of [folders.home, folders.run]) {
    if (host === folder.host) return folder.inside;
    if (host.startsWith(`${folder.host}/`))
      return path.posix.join(folder.inside, host.slice(folder.host.length + 1));
  }
  return null;
}

/** run/ lives only as long as the machine: a new machine gets it empty, a stopped one leaves it empty. */
export async function resetRuntimeFolder(runHost: string): Promise<void> {
  await rm(runHost, { recursive: true, force: true });
  await mkdir(runHost, { recursive: true });
}

/** Where a machine sees the harness CLIs' npm prefix (read-only): its node_modules/.bin is on PATH. */
export const SANDBOX_HARNESS_DIR = "/opt/guilds/harnesses";

/** The bin folder of an npm prefix (`npm install --prefix <dir>` links the CLIs there). */
export function harnessBinOf(prefix: string): string {
  return path.join(prefix, "node_modules", ".bin");
}

/**
 * PATH inside a machine: the helpers, node and rg first; then ~/.local/bin, where the Cursor and
 * Antigravity installers put their CLIs in the home; then the harness CLIs installed for every
 * machine; then the system.
 */
export function machineSearchPath(binDir: string, home: string, harnessBin: string | null): string {
  const folders = [binDir, path.posix.join(home, ".local/bin")];
  if (harnessBin !== null) folders.push(harnessBin);
  return [...folders, "/usr/local/bin", "/usr/bin", "/bin"].join(":");
}
