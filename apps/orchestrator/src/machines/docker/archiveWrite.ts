import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import type Docker from "dockerode";
import { type TarOwner, tarArchive } from "../../images/tarArchive.ts";

/**
 * Writes one file into the container through the engine's archive endpoint, owned by the machine's
 * user with `mode`. Its folder must exist: Podman would make a missing one, as root.
 */
export async function writeFileByArchive(
  container: Docker.Container,
  pathInside: string,
  data: Buffer,
  mode: number,
  owner: TarOwner,
): Promise<void> {
  const archive = tarArchive(
    [{ kind: "file", path: path.posix.basename(pathInside), mode, content: data }],
    owner,
  );
  try {
    await container.putArchive(archive, { path: path.posix.dirname(pathInside) });
  } catch (error) {
    throw failed(pathInside, error);
  }
}

function failed(pathInside: string, error: unknown): GuildsError {
  const reason = error instanceof Error ? error.message : String(error);
  return new GuildsError("machine.exec_failed", `writing ${pathInside} in the machine failed: ${reason}`);
}
