import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { findRipgrep, HELPER_NAMES, helperBundle } from "./hostTools.ts";

/**
 * An unconfined machine's bin folder, first on its PATH: links to node, rg and the helpers. The
 * bundles start with `#!/usr/bin/env node`: the node link beside them is found first.
 */
export async function linkHostTools(binDir: string): Promise<void> {
  await rm(binDir, { recursive: true, force: true });
  await mkdir(binDir, { recursive: true });
  const links: [string, string | null][] = [
    ["node", process.execPath],
    ["rg", findRipgrep()],
    ...HELPER_NAMES.map((name): [string, string | null] => [name, helperBundle(name)]),
  ];
  for (const [name, target] of links) {
    if (target) await symlink(target, path.join(binDir, name));
  }
}
