import { randomBytes } from "node:crypto";
import { closeSync, constants, openSync } from "node:fs";
import { connect, type Socket } from "node:net";
import path from "node:path";
import type { Machine } from "../machines/machine.ts";

/**
 * Where a long-lived helper listens besides its stdin (`guilds-code serve --socket <inside> <hello>`),
 * so that its calls skip the relays of the exec it runs in: a bwrap machine's daemon relays every
 * line both ways, ~0.45 ms a call with the CPUs idle between calls (0.62 ms a round trip through
 * the daemon, 0.17 ms straight). Named anew for each session; `hello` is the greeting this process
 * waits for before it sends anything.
 */
export interface SessionSocketPlace {
  /** The host folder that is the runtime dir inside. */
  hostFolder: string;
  name: string;
  /** The socket's path inside the machine, for the helper's argv. */
  inside: string;
  hello: string;
}

export function sessionSocketPlace(machine: Machine): SessionSocketPlace | null {
  const hostFolder = machine.sessionSocketFolder?.() ?? null;
  if (hostFolder === null) return null;
  const name = `.serve-${randomBytes(6).toString("hex")}.sock`;
  return {
    hostFolder,
    name,
    inside: path.posix.join(machine.runtimeDir, name),
    hello: `guilds-code-serve ${randomBytes(12).toString("hex")}`,
  };
}

/**
 * Connects to the helper's socket, and resolves it once the helper has greeted with the place's
 * hello; null when it does not within `timeoutMs` (an older helper without the socket, no such
 * file, anything else). Nothing is sent before the greeting: the agent can swap the path for a link
 * to another socket of this host. The folder is reached through /proc/self/fd: a short path
 * whatever its own (a socket's path is limited to 107 bytes).
 */
export function connectSessionSocket(place: SessionSocketPlace, timeoutMs: number): Promise<Socket | null> {
  let folder: number;
  try {
    folder = openSync(place.hostFolder, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch {
    return Promise.resolve(null);
  }
  let folderOpen = true;
  const closeFolder = () => {
    if (folderOpen) closeSync(folder);
    folderOpen = false;
  };
  return new Promise((resolve) => {
    const socket = connect(`/proc/self/fd/${folder}/${place.name}`);
    let greeting = "";
    const done = (greeted: boolean) => {
      clearTimeout(timer);
      closeFolder();
      socket.removeAllListeners("data");
      socket.removeAllListeners("error");
      socket.removeAllListeners("close");
      // Its errors end it ('close'), which its user watches; never an unhandled 'error'.
      socket.on("error", () => {});
      if (!greeted) socket.destroy();
      resolve(greeted ? socket : null);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once("connect", closeFolder);
    socket.once("error", () => done(false));
    socket.once("close", () => done(false));
    socket.on("data", (chunk: Buffer) => {
      greeting += chunk.toString("latin1");
      const newline = greeting.indexOf("\n");
      if (newline !== -1) done(newline === place.hello.length && greeting.startsWith(place.hello));
      else if (greeting.length > place.hello.length) done(false);
    });
  });
}
