import { createHash } from "node:crypto";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { GuildsError } from "@guilds/protocol/guildsError";

/** Longer than any start or stop takes (a sandbox's start may take 15 s). */
const LOCK_WAIT_MS = 60_000;
const RETRY_MS = 20;

/**
 * Runs `step` while no other process (nor another machine object here) starts or stops the machine
 * of this root. The lock is an abstract unix socket bound under a name made from the root: the
 * kernel releases it when its holder dies, so a crash never leaves a stale lock behind.
 */
export async function withRootLock<T>(root: string, step: () => Promise<T>): Promise<T> {
  const name = `\0guilds-machine:${createHash("sha256").update(path.resolve(root)).digest("hex")}`;
  const lock = await acquire(name, root);
  try {
    return await step();
  } finally {
    lock.close();
  }
}

async function acquire(name: string, root: string): Promise<Server> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const server = await tryListen(name);
    if (server) return server;
    if (Date.now() > deadline) {
      throw new GuildsError(
        "machine.start_failed",
        `another process has been starting or stopping the machine at ${root} for ${LOCK_WAIT_MS / 1000} s; try again once it is done`,
      );
    }
    await sleep(RETRY_MS);
  }
}

function tryListen(name: string): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") resolve(null);
      else reject(error);
    });
    server.listen(name, () => {
      // A lock never keeps this process alive by itself.
      server.unref();
      resolve(server);
    });
  });
}
