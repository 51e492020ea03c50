import { chmod, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ExecOptions, MachineProcess } from "../machine.ts";
import { backgroundGroups } from "./backgroundRecords.ts";
import { spawnHostProcess } from "./hostProcess.ts";
import { findRipgrep, HELPER_NAMES, helperBundle, requireHelperBundle } from "./hostTools.ts";
import { hostPathOf, type MachineFolders, machineFolders } from "./machinePaths.ts";
import { endGroups, isGroupAlive } from "./processGroups.ts";
import type { SandboxBackend } from "./sandboxBackend.ts";

/** TERM, then KILL this long after, as for a background command's stop. */
const STOP_GRACE_MS = 2000;

/**
 * Processes run straight on this host as the server's own user: HOME and GUILDS_RUNTIME_DIR point
 * into the machine's folder, but nothing stops a command from reaching anything else.
 */
export function createUnconfinedSandbox(agentId: string, root: string): SandboxBackend {
  const folders: MachineFolders = machineFolders(root, "host");
  const binDir = path.join(folders.run.host, ".machine", "bin");
  /** Every process group started here; pruned when a group is found empty. */
  const groups = new Set<number>();

  return {
    mode: "unconfined",
    folders,
    binDir,
    helperCommand: (name) => [process.execPath, requireHelperBundle(name)],

    async start() {
      await rm(binDir, { recursive: true, force: true });
      await mkdir(binDir, { recursive: true });
      // The bundles start with `#!/usr/bin/env node`: the node link beside them is found first on PATH.
      const links: [string, string | null][] = [
        ["node", process.execPath],
        ["rg", findRipgrep()],
        ...HELPER_NAMES.map((name): [string, string | null] => [name, helperBundle(name)]),
      ];
      for (const [name, target] of links) {
        if (target) await symlink(target, path.join(binDir, name));
      }
    },

    async stop() {
      const background = await backgroundGroups(folders.run.host, agentId);
      await endGroups([...groups, ...background], STOP_GRACE_MS);
      groups.clear();
    },

    exec(options: ExecOptions & { cwd: string }): MachineProcess {
      const cwd = hostPathOf(folders, options.cwd) ?? options.cwd;
      const child = spawnHostProcess({ ...options, cwd });
      const { pgid } = child;
      if (pgid !== null) {
        groups.add(pgid);
        child.exit.then(() => {
          if (!isGroupAlive(pgid)) groups.delete(pgid);
        });
      }
      return child;
    },

    async writeFile(pathInside, data, mode) {
      const target = hostPathOf(folders, pathInside);
      if (target === null) throw new Error(`not a path of this machine: ${pathInside}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data, { mode });
      await chmod(target, mode);
    },

    onUnexpectedEnd() {
      // Nothing here can end by itself: there is no sandbox process.
    },
  };
}
