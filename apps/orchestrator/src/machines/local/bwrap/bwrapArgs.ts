import { lstatSync, readlinkSync } from "node:fs";
import { SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from "@guilds/protocol/runtimePaths";

/** bwrap writes its info (the sandbox's pid 1, as this host numbers it) to this fd of its own. */
export const INFO_FD = 3;

/** Where the helpers, node and rg appear inside the sandbox (read-only). */
export const SANDBOX_BIN_DIR = "/opt/guilds/bin";

/** The top-level folders a merged-/usr system links into /usr (mirrored as they are on this host). */
const ROOT_LINK_CANDIDATES = ["bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/**
 * The system part of the view: /usr and /etc read-only, fresh /proc, a read-only /dev, and /tmp and
 * /dev/shm as tmpfs of `tmpfsBytes` each (bwrap's default is half the host's memory).
 */
export function systemViewArgs(tmpfsBytes: number | null = null): string[] {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const name of ROOT_LINK_CANDIDATES) {
    const hostPath = `/${name}`;
    try {
      const stats = lstatSync(hostPath);
      if (stats.isSymbolicLink()) args.push("--symlink", readlinkSync(hostPath), hostPath);
      else if (stats.isDirectory()) args.push("--ro-bind", hostPath, hostPath);
    } catch {}
  }
  const size = tmpfsBytes === null ? [] : ["--size", String(tmpfsBytes)];
  args.push("--ro-bind", "/etc", "/etc", "--proc", "/proc", "--dev", "/dev");
  args.push(...size, "--tmpfs", "/dev/shm", "--remount-ro", "/dev", ...size, "--tmpfs", "/tmp");
  return args;
}

/**
 * Own namespaces for everything (the network is its own loopback only, unless it is shared), no
 * nested user namespaces, no terminal, and unless the sandbox is to outlive this process, no orphans.
 */
export function isolationArgs(hostname: string, dieWithParent = true, shareNetwork = false): string[] {
  const args = [
    "--unshare-all",
    ...(shareNetwork ? ["--share-net"] : []),
    // --disable-userns needs the user namespace --unshare-all only tries for.
    "--unshare-user",
    "--disable-userns",
    "--hostname",
    hostname,
    "--new-session",
  ];
  return dieWithParent ? [...args, "--die-with-parent"] : args;
}

export interface MachineView {
  hostname: string;
  homeHost: string;
  runHost: string;
  /** Files bound read-only into SANDBOX_BIN_DIR under these names. */
  tools: { name: string; hostPath: string }[];
  /** Files and folders bound read-only over the system view (/etc/passwd, the harness CLIs ...). */
  overlays: { hostPath: string; inside: string }[];
  /** Share this host's network namespace instead of a loopback of its own. */
  shareNetwork: boolean;
  /** The size of each tmpfs (/tmp, /dev/shm); null leaves bwrap's default. */
  tmpfsBytes: number | null;
  /** The machine's cgroup folders, bound writable where its processes find them (GUILDS_CGROUP). */
  cgroupBinds: { hostPath: string; inside: string }[];
  /** The sandbox's first process gets exactly this environment. */
  env: Record<string, string>;
}

/**
 * The whole bwrap command line for a machine running `command` as its first process; a persistent
 * one does not die with the process that started it.
 */
export function machineBwrapArgs(
  view: MachineView,
  command: string[],
  infoFd: number,
  persistent: boolean,
): string[] {
  const isolation = isolationArgs(view.hostname, !persistent, view.shareNetwork);
  const args = ["--info-fd", String(infoFd), ...isolation, ...systemViewArgs(view.tmpfsBytes)];
  args.push("--bind", view.homeHost, SANDBOX_HOME, "--bind", view.runHost, SANDBOX_RUNTIME_DIR);
  for (const group of view.cgroupBinds) args.push("--bind", group.hostPath, group.inside);
  for (const tool of view.tools) args.push("--ro-bind", tool.hostPath, `${SANDBOX_BIN_DIR}/${tool.name}`);
  for (const overlay of view.overlays) args.push("--ro-bind", overlay.hostPath, overlay.inside);
  // The root tmpfs bwrap builds (/, /home, /run, /opt) becomes read-only once everything is mounted.
  args.push("--remount-ro", "/", "--chdir", SANDBOX_HOME, "--clearenv");
  for (const [name, value] of Object.entries(view.env)) args.push("--setenv", name, value);
  args.push("--", ...command);
  return args;
}

/** A hostname from an agent id: lowercase letters, digits and dashes, at most 63 characters. */
export function sandboxHostname(agentId: string): string {
  const cleaned = agentId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63);
  return cleaned || "agent";
}

/** The sandbox's pid 1 from what bwrap wrote on its info fd. */
export function childPidOf(info: string): number | null {
  const match = /"child-pid"\s*:\s*(\d+)/.exec(info);
  return match ? Number(match[1]) : null;
}
