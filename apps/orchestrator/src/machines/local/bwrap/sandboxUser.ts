import { existsSync, type Stats } from "node:fs";
import { chmod, chown, lchown, lstat, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { SANDBOX_HOME } from "@guilds/protocol/runtimePaths";
import { agentHash } from "../agentHash.ts";

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
 * Makes the home the sandbox user's, and its alone (0700). The whole tree is walked only when its
 * top is someone else's (a new home, or a changed uid); links are changed themselves, never followed.
 */
export async function giveHomeTo(user: SandboxUser, home: string): Promise<void> {
  const top = await lstat(home);
  if (top.uid !== user.uid || top.gid !== user.gid) await chownTree(home, user);
  await chmod(home, 0o700);
}

/** Makes a folder (not what is in it) the sandbox user's alone: no other user of this host lists or enters it. */
export async function giveFolderTo(user: SandboxUser, folder: string): Promise<void> {
  await chown(folder, user.uid, user.gid);
  await chmod(folder, 0o700);
}

async function chownTree(entry: string, user: SandboxUser): Promise<void> {
  const stats = await lstat(entry);
  if (stats.isDirectory()) {
    for (const name of await readdir(entry)) await chownTree(path.join(entry, name), user);
  }
  await lchown(entry, user.uid, user.gid);
}

/**
 * bwrap finds its bind sources as the sandbox user: a folder it binds (the machine's root, the home)
 * is made searchable by it when it is not, and every folder above must be searchable already.
 */
export async function letUserReach(user: SandboxUser, folder: string): Promise<void> {
  const top = await stat(folder);
  if (!searchableBy(user, top)) await chmod(folder, (top.mode & 0o7777) | 0o001);
  for (let above = path.dirname(folder); ; above = path.dirname(above)) {
    if (!searchableBy(user, await stat(above))) {
      throw new Error(
        `the sandbox user (uid ${user.uid}) cannot reach ${folder}: ${above} is not searchable by others (chmod o+x ${above}, or put the machine elsewhere)`,
      );
    }
    if (above === path.dirname(above)) return;
  }
}

function searchableBy(user: SandboxUser, stats: Stats): boolean {
  return stats.uid === user.uid ? (stats.mode & 0o100) !== 0 : (stats.mode & 0o001) !== 0;
}

/** The sandbox user's name inside: `whoami`, ssh and git look the uid up in /etc/passwd. */
export const SANDBOX_USER_NAME = "agent";

/**
 * Writes passwd and group files for the sandbox: this host's, with the sandbox uid named "agent".
 * They are bound read-only over /etc/passwd and /etc/group when the sandbox starts.
 */
export async function writeSandboxIdentity(
  folder: string,
  user: SandboxUser,
): Promise<{ passwd: string; group: string }> {
  const passwd = path.join(folder, "passwd");
  const group = path.join(folder, "group");
  const userLine = `${SANDBOX_USER_NAME}:x:${user.uid}:${user.gid}:agent:${SANDBOX_HOME}:/bin/bash`;
  const groupLine = `${SANDBOX_USER_NAME}:x:${user.gid}:`;
  await writeFile(passwd, withEntry(await readHost("/etc/passwd"), userLine, 2), { mode: 0o644 });
  await writeFile(group, withEntry(await readHost("/etc/group"), groupLine, 2), { mode: 0o644 });
  return { passwd, group };
}

/** The host's entries without any that clash with the new one by name or id, then the new one. */
function withEntry(hostText: string, entry: string, idField: number): string {
  const fields = entry.split(":");
  const name = fields[0];
  const id = fields[idField];
  const kept = hostText.split("\n").filter((line) => {
    const fields = line.split(":");
    return line.trim() !== "" && fields[0] !== name && fields[idField] !== id;
  });
  return `${[...kept, entry].join("\n")}\n`;
}

async function readHost(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return "";
  }
}
