import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { Machine } from "../machines/machine.ts";

/**
 * The machine's git files, under /run/guilds/<agent id>/git/: gone with the machine, never in the
 * home, so a token cannot outlive the machine or end up in a commit.
 */
export interface GitRuntimeFiles {
  folder: string;
  /** The tokens, in git-config syntax, read by the credential helper. */
  tokens: string;
  /** The credential helper script (run with bash, so it needs no exec bit). */
  credentialHelper: string;
  /** A bundle of a host repository on its way into the machine. */
  importBundle(repositoryName: string): string;
}

export function gitRuntimeFiles(machine: Machine): GitRuntimeFiles {
  const { agentId } = machine;
  // The id is a folder name here: "." or ".." (which the protocol's id pattern allows) would escape it.
  if (agentId === "" || agentId === "." || agentId === ".." || agentId.includes("/")) {
    throw new GuildsError(
      "agent.id_invalid",
      `The agent id ${JSON.stringify(agentId)} cannot name a folder.`,
    );
  }
  const folder = path.posix.join(machine.runtimeDir, agentId, "git");
  return {
    folder,
    tokens: `${folder}/tokens`,
    credentialHelper: `${folder}/guilds-credential-helper`,
    importBundle: (repositoryName) => `${folder}/imports/${repositoryName}.bundle`,
  };
}
