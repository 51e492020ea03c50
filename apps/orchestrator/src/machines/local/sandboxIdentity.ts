import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { SANDBOX_HOME } from "@guilds/protocol/runtimePaths";
import type { SandboxUser } from "./sandboxUser.ts";

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
