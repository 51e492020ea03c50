// Builds the web app (apps/web → apps/web/dist) with Vite, unless dist is newer than every source,
// the workspace packages it bundles (the protocol, the client) included.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "src",
  "index.html",
  "vite.config.ts",
  "package.json",
  "../../packages/protocol/src",
  "../../packages/client/src",
];

export async function buildWebApp(root) {
  const web = path.join(root, "apps/web");
  const built = path.join(web, "dist/index.html");
  if (existsSync(built) && newestChange(web, SOURCES) < statSync(built).mtimeMs) return;
  const { build } = await import("vite");
  await build({ root: web, configFile: path.join(web, "vite.config.ts"), logLevel: "warn" });
}

function newestChange(base, entries) {
  let newest = 0;
  for (const entry of entries) {
    const full = path.join(base, entry);
    if (!existsSync(full)) continue;
    const stats = statSync(full);
    newest = Math.max(newest, stats.mtimeMs);
    if (stats.isDirectory()) newest = Math.max(newest, newestChange(full, readdirSync(full)));
  }
  return newest;
}
