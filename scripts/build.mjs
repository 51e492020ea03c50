// Builds what runs: the helpers (one file each, no runtime dependencies, so a sandbox needs only
// Node), the orchestrator's CLI bundle (its npm dependencies stay external) and the web app.
import { chmodSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildWebApp } from "./buildWebApp.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  logLevel: "warning",
  sourcemap: false,
};

const helpers = [
  ["runtime/guilds-code/src/main.ts", "runtime/guilds-code/dist/guilds-code"],
  ["runtime/guilds-machine/src/main.ts", "runtime/guilds-machine/dist/guilds-machine"],
  ["runtime/guilds-harness/src/main.ts", "runtime/guilds-harness/dist/guilds-harness"],
];
for (const [entry, outfile] of helpers) {
  await build({
    ...common,
    entryPoints: [path.join(root, entry)],
    outfile: path.join(root, outfile),
    banner: { js: "#!/usr/bin/env node" },
    // Minified: a one-shot call pays for parsing the whole bundle at every Node start.
    minify: true,
    keepNames: true,
  });
  chmodSync(path.join(root, outfile), 0o755);
}

const orchestratorPackage = JSON.parse(
  readFileSync(path.join(root, "apps/orchestrator/package.json"), "utf8"),
);
const external = Object.keys(orchestratorPackage.dependencies ?? {}).filter(
  (name) => !name.startsWith("@guilds/"),
);
await build({
  ...common,
  entryPoints: [path.join(root, "apps/orchestrator/src/cli/main.ts")],
  outfile: path.join(root, "apps/orchestrator/dist/guilds.mjs"),
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

await buildWebApp(root);
