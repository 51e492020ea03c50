import { spawn } from "node:child_process";
import { signalGroup } from "@guilds/runtime/processGroupStop";
import type { HarnessDriver } from "./drivers/driver.ts";

/** "its version": asked with the driver's versionArgs, given 10 seconds. */
const VERSION_TIMEOUT_MS = 10_000;
/** A version is one short line; whatever else the CLI prints is not kept past this. */
const VERSION_OUTPUT_MAX_BYTES = 64 * 1024;
/** After the CLI exits, a child it left holding stdout does not hold the answer longer than this. */
const OUTPUT_DRAIN_MS = 200;

/** The CLI's version as the driver reads it from its output; null when it cannot be read in time. */
export async function readCliVersion(
  driver: HarnessDriver,
  executable: string,
  cwd: string,
  environment: Record<string, string>,
): Promise<string | null> {
  const stdout = await runForOutput([executable, ...driver.versionArgs], cwd, environment);
  if (stdout === null) return null;
  try {
    return driver.parseVersion(stdout);
  } catch {
    return null;
  }
}

/** Its own process group with stdin closed; past the timeout the whole group is killed. */
function runForOutput(
  argv: string[],
  cwd: string,
  environment: Record<string, string>,
): Promise<string | null> {
  const [command = "", ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: environment,
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    const timer = setTimeout(() => {
      if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
      finish(null);
    }, VERSION_TIMEOUT_MS);
    let finished = false;
    const finish = (output: string | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      child.stdout?.destroy();
      resolve(output);
    };
    const collected = () => Buffer.concat(chunks).toString("utf8");
    child.stdout?.on("data", (chunk: Buffer) => {
      if (kept >= VERSION_OUTPUT_MAX_BYTES) return;
      chunks.push(chunk);
      kept += chunk.length;
    });
    child.once("error", () => finish(null));
    child.once("exit", () => setTimeout(() => finish(collected()), OUTPUT_DRAIN_MS));
    child.once("close", () => finish(collected()));
  });
}
