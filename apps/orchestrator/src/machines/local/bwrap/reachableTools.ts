import type { Stats } from "node:fs";
import { chmod, copyFile, mkdir, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { SandboxUser } from "./sandboxUser.ts";

/**
 * bwrap resolves its bind sources as the sandbox user. A tool of this host that user cannot reach
 * (a checkout or a Node under /root, mode 0700) is copied once into the machine's own tools folder,
 * root-owned and read-only for others; the copy is refreshed when the original's size or time changes.
 */
export async function reachableToolPath(
  user: SandboxUser,
  hostPath: string,
  toolsFolder: string,
  name: string,
): Promise<string> {
  if (await userCanRead(user, hostPath)) return hostPath;
  const original = await stat(hostPath);
  const copy = path.join(toolsFolder, name);
  await mkdir(toolsFolder, { recursive: true, mode: 0o711 });
  await chmod(toolsFolder, 0o711);
  const existing = await stat(copy).catch(() => null);
  if (!existing || existing.size !== original.size || existing.mtimeMs !== original.mtimeMs) {
    await copyFile(hostPath, copy);
    await utimes(copy, original.atime, original.mtime);
  }
  await chmod(copy, 0o755);
  return copy;
}

/** Whether `user` can read the file and search every folder above it. */
async function userCanRead(user: SandboxUser, file: string): Promise<boolean> {
  const target = await stat(file);
  if (!permits(user, target, 0o4)) return false;
  for (let above = path.dirname(file); ; above = path.dirname(above)) {
    if (!permits(user, await stat(above), 0o1)) return false;
    if (above === path.dirname(above)) return true;
  }
}

function permits(user: SandboxUser, stats: Stats, bit: number): boolean {
  if (stats.uid === user.uid) return (stats.mode & (bit << 6)) !== 0;
  if (stats.gid === user.gid) return (stats.mode & (bit << 3)) !== 0;
  return (stats.mode & bit) !== 0;
}
