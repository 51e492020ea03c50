import { accessSync, constants, existsSync } from "node:fs";
import { mkdir, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";

const require = createRequire(import.meta.url);

/** The helpers a machine offers, each bundled to runtime/<name>/dist/<name>. */
export const HELPER_NAMES = ["guilds-code", "guilds-harness", "guilds-machine"] as const;

/** runtime/, found through the @guilds/code workspace link (works from src and from the CLI bundle). */
function runtimeFolder(): string {
  return path.resolve(path.dirname(require.resolve("@guilds/code/package.json")), "..");
}

/** The built bundle of a helper on this host, or null when it has not been built. */
export function helperBundle(name: string): string | null {
  const bundle = path.join(runtimeFolder(), name, "dist", name);
  return existsSync(bundle) ? bundle : null;
}

export function requireHelperBundle(name: string): string {
  const bundle = helperBundle(name);
  if (!bundle) {
    throw new GuildsError(
      "helper.missing",
      `The helper ${name} is not built (no runtime/${name}/dist/${name}); run \`npm run build\`.`,
    );
  }
  return bundle;
}

/** ripgrep from @vscode/ripgrep, else `rg` on this host's PATH, else null. */
export function findRipgrep(): string | null {
  try {
    return require.resolve(`@vscode/ripgrep-${process.platform}-${process.arch}/bin/rg`);
  } catch {
    for (const folder of (process.env.PATH ?? "").split(":")) {
      if (!folder) continue;
      const candidate = path.join(folder, "rg");
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {}
    }
    return null;
  }
}

const BWRAP_CANDIDATES = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"];

/** bubblewrap on this host, or null. */
export function findBwrap(): string | null {
  return BWRAP_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

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
