import { execFile } from "node:child_process";
import { isolationArgs, systemViewArgs } from "./bwrapArgs.ts";
import { findBwrap } from "./hostTools.ts";
import type { SandboxUser } from "./sandboxUser.ts";

export type ProbeResult = { usable: true } | { usable: false; reason: string };

const PROBE_TIMEOUT_MS = 10_000;
const probes = new Map<number, Promise<ProbeResult>>();

/** Whether bwrap really runs a sandbox here as this user; asked once per uid. */
export function probeBwrap(user: SandboxUser): Promise<ProbeResult> {
  let probe = probes.get(user.uid);
  if (!probe) {
    probe = runProbe(user);
    probes.set(user.uid, probe);
  }
  return probe;
}

function runProbe(user: SandboxUser): Promise<ProbeResult> {
  const bwrap = findBwrap();
  if (!bwrap) return Promise.resolve({ usable: false, reason: "bwrap is not installed" });
  const argv = [...user.launchPrefix, bwrap, ...isolationArgs("probe"), ...systemViewArgs(), "/usr/bin/true"];
  const [command, ...args] = argv;
  if (command === undefined) return Promise.resolve({ usable: false, reason: "no command" });
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { env: { PATH: "/usr/bin:/bin" }, timeout: PROBE_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ usable: true });
        const detail = stderr.trim() || error.message;
        resolve({ usable: false, reason: `\`${argv.join(" ")}\` failed: ${detail}` });
      },
    );
  });
}
