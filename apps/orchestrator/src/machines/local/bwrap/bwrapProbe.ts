import { spawn } from "node:child_process";
import { GuildsError } from "@guilds/protocol/guildsError";
import { findBwrap } from "../hostTools.ts";
import type { SeccompSetting } from "../localOptions.ts";
import { isolationArgs, systemViewArgs } from "./bwrapArgs.ts";
import type { SandboxUser } from "./sandboxUser.ts";
import { machineSeccompFilter, seccompArgs, sendSeccompFilter, withSeccompPipe } from "./seccompFilter.ts";

export type ProbeResult = { usable: true } | { usable: false; reason: string };

const PROBE_TIMEOUT_MS = 10_000;
/** Per uid and seccomp setting: a probe in flight, or one that succeeded. */
const probes = new Map<string, Promise<ProbeResult>>();

/**
 * Whether bwrap really runs a sandbox here as this user. A success is kept; a failure never is (a
 * fork that failed with EAGAIN, a timeout on a loaded host): the next call probes again.
 */
export function probeBwrap(user: SandboxUser, seccomp: SeccompSetting = "on"): Promise<ProbeResult> {
  const key = `${user.uid}/${seccomp}`;
  let probe = probes.get(key);
  if (!probe) {
    probe = runProbe(user, seccomp);
    probes.set(key, probe);
    const running = probe;
    running.then((result) => {
      if (!result.usable && probes.get(key) === running) probes.delete(key);
    });
  }
  return probe;
}

/** Throws unless bwrap runs a sandbox here as this user; called before anything of a machine runs. */
export async function requireUsableBwrap(user: SandboxUser, seccomp: SeccompSetting = "on"): Promise<void> {
  const probe = await probeBwrap(user, seccomp);
  if (probe.usable) return;
  throw new GuildsError(
    "machine.start_failed",
    `the sandbox could not start: ${probe.reason}; nothing ran. The next start tries again (a busy host may have failed it). If bubblewrap is missing, install it (apt-get install bubblewrap; unprivileged user namespaces must be allowed). To run the agent's commands on this host without any sandbox, set GUILDS_SANDBOX=unconfined (sandbox "unconfined") explicitly.`,
  );
}

/** The same isolation and filter as a machine's, around /usr/bin/true. */
async function runProbe(user: SandboxUser, seccomp: SeccompSetting): Promise<ProbeResult> {
  const bwrap = findBwrap();
  if (!bwrap) return { usable: false, reason: "bwrap is not installed" };
  let filter: Buffer | null = null;
  try {
    if (seccomp === "on") filter = await machineSeccompFilter();
  } catch (caught) {
    return { usable: false, reason: caught instanceof Error ? caught.message : String(caught) };
  }
  const isolation = [...seccompArgs(filter), ...isolationArgs("probe")];
  const argv = [...user.launchPrefix, bwrap, ...isolation, ...systemViewArgs(), "/usr/bin/true"];
  const [command, ...args] = argv;
  if (command === undefined) return { usable: false, reason: "no command" };
  const failed = (detail: string): ProbeResult => ({
    usable: false,
    reason: `\`${argv.join(" ")}\` failed: ${detail}`,
  });
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, {
        env: { PATH: "/usr/bin:/bin" },
        stdio: withSeccompPipe(["ignore", "ignore", "pipe"], filter),
      });
      sendSeccompFilter(child, filter);
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(failed(`it did not finish within ${PROBE_TIMEOUT_MS / 1000} s`));
      }, PROBE_TIMEOUT_MS);
      child.once("error", (error) => {
        clearTimeout(timer);
        resolve(failed(error.message));
      });
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        if (code === 0) return resolve({ usable: true });
        resolve(failed(stderr.trim() || `it exited with ${signal ?? `code ${code}`}`));
      });
    } catch (caught) {
      resolve(failed(caught instanceof Error ? caught.message : String(caught)));
    }
  });
}
