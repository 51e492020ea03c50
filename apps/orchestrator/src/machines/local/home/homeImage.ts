import { execFile } from "node:child_process";
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  statSync,
  truncateSync,
} from "node:fs";
import path from "node:path";
import { formatByteSize } from "@guilds/protocol/byteSize";

/** How the home's disk limit holds: the kernel's (an image of that size), or a watcher's. */
export type HomeDisk = { kind: "image"; bytes: number } | { kind: "folder"; reason: string };

export interface HomeImage {
  /** Mounts the home's image (made or grown to `bytes` first); a home that cannot have one stays a folder. */
  mount(bytes: number, owner: { uid: number; gid: number }): Promise<HomeDisk>;
  /** Unmounts it (the machine has ended): the home's files are in the image until the next start. */
  unmount(): Promise<void>;
}

const IMAGE_NAME = "home.ext4";
const TOOL_TIMEOUT_MS = 60_000;

/**
 * The agent home as an ext4 filesystem in a file of the machine's folder, loop-mounted on the home
 * while the machine runs: the kernel holds its disk limit (a write past it fails with ENOSPC), and
 * its inodes are its own. Sparse: it takes only what the agent wrote. A higher limit grows it at the
 * next start; a lower one cannot shrink it (the watcher holds that one). Needs root, loop devices and
 * mkfs.ext4; a home that was a folder with files before keeps being one.
 */
export function homeImage(root: string, home: string): HomeImage {
  const image = path.join(root, IMAGE_NAME);
  return {
    async mount(bytes, owner) {
      if (process.getuid?.() !== 0) return { kind: "folder", reason: "the server does not run as root" };
      try {
        // Left mounted by a server that was killed: used as it is, grown at a later start.
        if (isMountPoint(home)) return { kind: "image", bytes: statSync(image).size };
        const made = !existsSync(image);
        if (made) {
          if (hasEntries(home)) {
            return { kind: "folder", reason: "its home has files from before it had a disk image" };
          }
          await makeImage(image, bytes, owner);
        } else if (hasEntries(home)) {
          return {
            kind: "folder",
            reason: `its home folder has files beside its image ${image} (written while the image was not mounted)`,
          };
        }
        if (statSync(image).size < bytes) await growUnmounted(image, bytes);
        // The type given: without it mount probes the image for one (blkid), about half its time.
        await run("mount", ["-t", "ext4", "-o", "loop,nosuid,nodev,noatime", image, home]);
        if (made) rmdirSync(path.join(home, "lost+found"));
        return { kind: "image", bytes: statSync(image).size };
      } catch (caught) {
        return { kind: "folder", reason: `its disk image could not be used (${errorText(caught)})` };
      }
    },
    async unmount() {
      if (!isMountPoint(home)) return;
      // A process of the ended machine holding a file open would make it busy: then lazily.
      await run("umount", [home]).catch(() => run("umount", ["-l", home]));
    },
  };
}

/**
 * The home images a server that was killed left mounted under its machines folder: no machine of
 * theirs runs any more (they die with their server), so they are unmounted at the next start.
 */
export async function unmountStaleHomeImages(machinesDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const under = `${path.resolve(machinesDir)}/`;
  const stale = readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => (line.split(" - ")[0]?.split(" ")[4] ?? "").replace(/\\040/g, " "))
    .filter((point) => point.startsWith(under) && path.basename(point) === "home");
  for (const home of stale)
    await homeImage(path.dirname(home), home)
      .unmount()
      .catch(() => {});
}

async function makeImage(image: string, bytes: number, owner: { uid: number; gid: number }): Promise<void> {
  // Sparse, root's alone: the agent reaches its files through the mount only.
  closeSync(openSync(image, "w", 0o600));
  truncateSync(image, bytes);
  await run("mkfs.ext4", [
    "-q",
    "-F",
    "-m",
    "0",
    "-L",
    "guilds-home",
    "-E",
    `lazy_itable_init=1,lazy_journal_init=1,root_owner=${owner.uid}:${owner.gid}`,
    image,
  ]);
}

/** Grows the image and its filesystem to `bytes`, while it is not mounted (a resize offline). */
async function growUnmounted(image: string, bytes: number): Promise<void> {
  truncateSync(image, bytes);
  // Exit 1: it corrected something (free block counts a lazy mkfs leaves), which is fine.
  await run("e2fsck", ["-f", "-p", image], [0, 1]);
  await run("resize2fs", [image]);
}

function isMountPoint(folder: string): boolean {
  return mountSource(folder) !== null;
}

/** The device mounted on `folder` (the loop device of its image), or null when nothing is. */
function mountSource(folder: string): string | null {
  const target = path.resolve(folder);
  for (const line of readFileSync("/proc/self/mountinfo", "utf8").split("\n").reverse()) {
    const [before, after] = line.split(" - ");
    if (before === undefined || after === undefined) continue;
    const point = (before.split(" ")[4] ?? "").replace(/\\040/g, " ");
    if (point === target) return after.split(" ")[1] ?? null;
  }
  return null;
}

function hasEntries(folder: string): boolean {
  try {
    return readdirSync(folder).length > 0;
  } catch {
    return false;
  }
}

function run(command: string, args: string[], fineExitCodes: readonly number[] = [0]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" }, timeout: TOOL_TIMEOUT_MS },
      (error, _stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        if (fineExitCodes.includes(code)) return resolve();
        reject(new Error(`${command} ${args.join(" ")}: ${stderr.trim() || error?.message}`));
      },
    );
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function describeHomeDisk(disk: HomeDisk, limitBytes: number): string {
  return disk.kind === "image"
    ? `its home is a ${formatByteSize(disk.bytes)} disk image`
    : `its home's disk limit of ${formatByteSize(limitBytes)} is watched, not enforced by the kernel: ${disk.reason}`;
}
