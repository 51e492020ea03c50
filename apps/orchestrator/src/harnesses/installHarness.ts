import { spawn } from "node:child_process";
import { chmod, mkdir } from "node:fs/promises";
import type { HarnessName } from "@guilds/protocol/harness";
import { HARNESS_PACKAGES } from "./harnessPackages.ts";

/**
 * `npm install --prefix <harnessDir>` of the pinned npm CLIs. The folder and what npm writes stay
 * readable by everyone: the machines' sandbox users run the CLIs from it. npm's own output goes to
 * `output` as it comes (an install takes a minute or more).
 */
export async function installNpmHarnesses(
  harnessDir: string,
  names: readonly HarnessName[],
  output: NodeJS.WritableStream,
): Promise<void> {
  const specs = names.map((name) => {
    const harness = HARNESS_PACKAGES[name];
    if (harness.kind !== "npm") throw new Error(`${name} does not install with npm`);
    return harness.spec;
  });
  await mkdir(harnessDir, { recursive: true, mode: 0o755 });
  await chmod(harnessDir, 0o755);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // --save-exact: the prefix's package.json keeps the pinned versions, not ^ ranges a later npm
  // install or update would move past.
  const args = [
    "install",
    "--prefix",
    harnessDir,
    "--save-exact",
    "--no-audit",
    "--no-fund",
    "--omit=dev",
    ...specs,
  ];
  const child = spawn(npm, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env } });
  child.stdout.pipe(output, { end: false });
  child.stderr.pipe(output, { end: false });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) {
    throw new Error(
      `npm install of ${specs.join(", ")} into ${harnessDir} failed (exit ${code}); its output is above. Check that this host reaches the npm registry, then run the command again.`,
    );
  }
}
