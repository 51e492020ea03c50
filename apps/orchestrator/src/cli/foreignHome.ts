import { readdir, stat } from "node:fs/promises";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { SandboxUser } from "../machines/local/bwrap/sandboxUser.ts";

/**
 * As root, a bwrap machine hands its home to the sandbox user (chown, the whole tree when the top is
 * someone else's). The CLI never does that to files it did not create: a non-empty folder that user
 * does not own already is refused. Not as root, the sandbox runs as this user and nothing is chowned.
 */
export async function refuseForeignHome(home: string, user: SandboxUser): Promise<void> {
  if (user.launchPrefix.length === 0) return;
  const top = await stat(home);
  if (top.uid === user.uid && top.gid === user.gid) return;
  if ((await readdir(home)).length === 0) return;
  throw new GuildsError(
    "cli.usage",
    `--home ${home} is not empty and belongs to uid ${top.uid}:${top.gid}, not to the agent's sandbox user (uid ${user.uid}:${user.gid}); guilds tool does not hand over files it did not create. Pass an empty or new folder, or, to give this folder and everything in it to the agent, run \`chown -R ${user.uid}:${user.gid} ${home}\` yourself first.`,
  );
}
