import { closeSync, constants, openSync } from "node:fs";
import type { DaemonEndpoint } from "./daemonConnection.ts";

/** The daemon's folder in the runtime dir, and its socket there. */
export const DAEMON_FOLDER = ".machine";
export const DAEMON_SOCKET_NAME = "exec.sock";

export interface OpenDaemonFolder {
  endpoint: DaemonEndpoint;
  close(): void;
}

/**
 * Holds the daemon's folder open and reaches its socket through /proc/self/fd: a short path whatever
 * the root (a socket's path is limited to 107 bytes), and the agent cannot swap the folder for a
 * link while the machine runs.
 */
export function openDaemonFolder(folder: string, boot: string): OpenDaemonFolder {
  const fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  let open = true;
  return {
    endpoint: { socketPath: `/proc/self/fd/${fd}/${DAEMON_SOCKET_NAME}`, boot },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}
