import { existsSync } from "node:fs";
import { chmod, lchown, lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { agentHash } from "./agentHash.ts";

/** The uid a machine's processes run as, and how the server becomes it. */
export interface SandboxUser {
  uid: number;
  gid: number;
  /** The argv prefix that drops to this user before bwrap; empty when the server is that user already. */
  launchPrefix: string[];
}

const FIRST_SANDBOX_UID = 100_000;
const SANDBOX_UID_SPAN = 50_000;
const SETPRIV = ["/usr/bin/setpriv", "/bin/setpriv", "/usr/sbin/setpriv"];

/**
 * A server running as root never runs bwrap as root (root keeps its powers inside): it drops to a
 * non-root uid first, the configured one or one derived from the agent id. Otherwise the sandbox
 * runs as the server's own user.
 */
export function sandboxUser(agentId: string, configuredUid?: number): SandboxUser {
  const serverUid = process.getuid?.() ?? 0;
  if (serverUid !== 0) {
    const gid = process.getgid?.() ?? serverUid;
    return { uid: serverUid, gid, launchPrefix: [] };
  }
  const uid = configuredUid ?? FIRST_SANDBOX_UID + agentHash(agentId, SANDBOX_UID_SPAN);
  if (uid === 0) throw new Error("the sandbox uid must not be 0");
  const setpriv = SETPRIV.find((candidate) => existsSync(candidate)) ?? "setpriv";
  return {
    uid,
    gid: uid,
    launchPrefix: [setpriv, `--reuid=${uid}`, `--regid=${uid}`, "--clear-groups"],
  };
}

/**
 * Makes the home the sandbox user's. The whole tree is walked only when its top is someone else's
 * (a new home, or a changed uid); links are changed themselves, never followed.
 */
export async function giveHomeTo(user: SandboxUser, home: string): Promise<void> {
  const top = await lstat(home);
  if (top.uid === user.uid && top.gid === user.gid) return;
  await chownTree(home, user);
}

async function chownTree(entry: string, user: SandboxUser): Promise<void> {
  const stats = await lstat(entry);
  if (stats.isDirectory()) {
    for (const name of await readdir(entry)) await chownTree(path.join(entry, name), user);
  }
  await lchown(entry, user.uid, user.gid);
}

/**
 * bwrap finds its bind sources as the sandbox user: the machine's root is made searchable (not
 * readable) by others, and every folder above it must be already.
 */
export async function letUserReach(user: SandboxUser, root: string): Promise<void> {
  const top = await stat(root);
  if ((top.mode & 0o001) === 0) await chmod(root, (top.mode & 0o7777) | 0o001);
  for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
    const stats = await stat(folder);
    const searchable = stats.uid === user.uid ? (stats.mode & 0o100) !== 0 : (stats.mode & 0o001) !== 0;
    if (!searchable) {
      throw new Error(
        `the sandbox user (uid ${user.uid}) cannot reach ${root}: ${folder} is not searchable by others (chmod o+x ${folder}, or put machines elsewhere)`,
      );
    }
    if (folder === path.dirname(folder)) return;
  }
}
