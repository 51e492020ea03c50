#!/usr/bin/env node
// The built CLI; `npm run build` makes it.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bundle = fileURLToPath(new URL("../dist/guilds.mjs", import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write("guilds is not built yet: run `npm ci && npm run build` at the repository root.\n");
  process.exit(1);
}
await import(bundle);
