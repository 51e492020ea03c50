import { chmodSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ENTRY = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

/**
 * The helper bundled from the current sources exactly as scripts/build.mjs bundles it (one file,
 * minified, a node shebang) into `folder`: a test never runs a stale dist/. The supervisor start
 * forks is this same file.
 */
export async function buildHelper(folder: string): Promise<string> {
  const outfile = path.join(folder, "guilds-harness");
  await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    logLevel: "warning",
    banner: { js: "#!/usr/bin/env node" },
    minify: true,
    keepNames: true,
  });
  chmodSync(outfile, 0o755);
  return outfile;
}
