// npm run generate -w @guilds/client: writes packages/client/src/generated/api.ts from the server's
// routes, with no server started. The generator is TypeScript importing the orchestrator's sources:
// it is bundled (npm packages left external) into packages/client/.out/ and run there.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(root, "packages/client/.out/writeApiTypes.mjs");
await build({
  entryPoints: [path.join(root, "packages/client/generate/writeApiTypes.ts")],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  logLevel: "warning",
  plugins: [
    {
      name: "external-packages",
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@guilds/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
const generation = spawnSync(process.execPath, [outfile], { cwd: root, stdio: "inherit" });
process.exit(generation.status ?? 1);
