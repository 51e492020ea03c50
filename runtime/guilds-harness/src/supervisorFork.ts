import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { CallFiles } from "./callFiles.ts";
import type { HarnessContext } from "./context.ts";
import type { SupervisorLaunch } from "./supervisorLaunch.ts";

/**
 * Forks `guilds-harness supervise <record>` in a session of its own (detached: setsid), so that it
 * outlives this helper and whatever ran it (the orchestrator, its exec). Its stderr goes to the
 * call's .stderr file, where a supervisor that fails says why. Resolves with its pid once it holds
 * the whole launch: the helper may exit right after.
 */
export async function forkSupervisor(
  context: HarnessContext,
  files: CallFiles,
  launch: SupervisorLaunch,
): Promise<number> {
  const [node, ...script] = context.helperCommand;
  const stderr = openSync(files.stderr, "a", 0o600);
  let child: ChildProcess;
  try {
    child = spawn(node, [...script, "supervise", files.record], {
      cwd: context.home,
      // Nothing of the agent's: the secrets travel on stdin, for the CLI only.
      env: { PATH: context.path, HOME: context.home, LANG: "C.UTF-8" },
      detached: true,
      stdio: ["pipe", "ignore", stderr],
    });
  } finally {
    closeSync(stderr);
  }
  try {
    await spawned(child);
    await handOver(child, JSON.stringify(launch));
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    throw new GuildsError(
      "harness.start_failed",
      `The harness's supervisor could not be started: ${reason}.`,
    );
  }
  child.unref();
  const { pid } = child;
  if (pid === undefined)
    throw new GuildsError("harness.start_failed", "The harness's supervisor has no pid.");
  return pid;
}

function spawned(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("spawn", () => resolve());
  });
}

/** Written and closed: the bytes are in the pipe (or read) when this resolves. */
function handOver(child: ChildProcess, text: string): Promise<void> {
  const input = child.stdin;
  if (!input) return Promise.reject(new Error("no stdin pipe"));
  return new Promise((resolve, reject) => {
    input.once("error", reject);
    input.end(text, () => resolve());
  });
}
