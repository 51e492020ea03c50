import { readFileSync } from "node:fs";
import path from "node:path";
import { HARNESS_NAMES, type HarnessName } from "@guilds/protocol/harness";
import { HARNESS_PACKAGES } from "./harnessPackages.ts";

/** The version of each npm harness installed under the prefix, or null. */
export function installedVersion(harnessDir: string, name: HarnessName): string | null {
  const harness = HARNESS_PACKAGES[name];
  if (harness.kind !== "npm") return null;
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(harnessDir, "node_modules", harness.packageName, "package.json"), "utf8"),
    ) as { version?: unknown };
    return typeof manifest.version === "string" ? manifest.version : null;
  } catch {
    return null;
  }
}

/** One line per harness: installed with its version, not installed, or how it installs. */
export function harnessListing(harnessDir: string): string[] {
  return HARNESS_NAMES.map((name) => {
    const harness = HARNESS_PACKAGES[name];
    if (harness.kind === "installer") return `${name}\tin the agent's home, with its own installer`;
    const version = installedVersion(harnessDir, name);
    return version === null ? `${name}\tnot installed` : `${name}\t${harness.packageName} ${version}`;
  });
}
