import { createHash } from "node:crypto";

/** The labels of a machine's container: whose it is, which server made it, with which settings. */
export const CONTAINER_LABELS = {
  agent: "org.guilds.machine.agent",
  server: "org.guilds.machine.server",
  settings: "org.guilds.machine.settings",
} as const;

/**
 * A server is its machines folder: two servers on one engine (two data folders) never take each
 * other's containers, and a restarted server finds its own again.
 */
export function serverIdOf(machinesDir: string): string {
  return createHash("sha256").update(machinesDir).digest("hex").slice(0, 12);
}

/** guilds-<server>-<agent>: an engine's names take letters, digits, `_`, `.` and `-`. */
export function containerNameOf(serverId: string, agentId: string): string {
  return `guilds-${serverId}-${agentId.replace(/[^A-Za-z0-9_.-]/g, "-")}`;
}

/** The volume that holds /run/guilds on Docker (a tmpfs, emptied whenever the container stops). */
export function runtimeVolumeOf(containerName: string): string {
  return `${containerName}-run`;
}
