import path from "node:path";

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
