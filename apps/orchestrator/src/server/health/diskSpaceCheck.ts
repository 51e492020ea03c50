import { stat, statfs } from "node:fs/promises";
import path from "node:path";
import { formatByteSize } from "@guilds/protocol/byteSize";
import type { ReadinessCheck } from "./readiness.ts";

/** GUILDS_READY_MIN_FREE_DISK's default: room for the store to grow and a machine to start. */
export const DEFAULT_MIN_FREE_DISK_BYTES = 1024 ** 3;

/**
 * Each folder's filesystem has at least `minFreeBytes` free for this user: the data folder's, and
 * the machines folder's when it is on another disk. The messages name the folders by their role
 * only (the answer is public).
 */
export function diskSpaceCheck(folders: Record<string, string>, minFreeBytes: number): ReadinessCheck {
  return {
    name: "disk",
    async run() {
      const disks = new Map<number, { roles: string[]; freeBytes: number }>();
      for (const [role, folder] of Object.entries(folders)) {
        // A folder made at the first machine's start is not there yet: its disk is its parent's.
        const existing = await nearestExisting(folder);
        const { dev } = await stat(existing);
        const known = disks.get(dev);
        if (known !== undefined) {
          known.roles.push(role);
          continue;
        }
        const { bavail, bsize } = await statfs(existing);
        disks.set(dev, { roles: [role], freeBytes: bavail * bsize });
      }
      const said = [...disks.values()]
        .map((disk) => `${formatByteSize(disk.freeBytes)} free for the ${disk.roles.join(" and ")}`)
        .join(", ");
      const short = [...disks.values()].filter((disk) => disk.freeBytes < minFreeBytes);
      if (short.length > 0) {
        throw new Error(
          `${said}: under the ${formatByteSize(minFreeBytes)} needed (GUILDS_READY_MIN_FREE_DISK); free space on that disk`,
        );
      }
      return `${said} (at least ${formatByteSize(minFreeBytes)} needed)`;
    },
  };
}

async function nearestExisting(folder: string): Promise<string> {
  let candidate = path.resolve(folder);
  for (;;) {
    try {
      await stat(candidate);
      return candidate;
    } catch (error) {
      const parent = path.dirname(candidate);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === candidate) throw error;
      candidate = parent;
    }
  }
}
