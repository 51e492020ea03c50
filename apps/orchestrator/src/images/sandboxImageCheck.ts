import { GuildsError } from "@guilds/protocol/guildsError";
import type Docker from "dockerode";
import { sandboxTagForBase } from "./baseImageBuild.ts";
import { imageBuildCommand } from "./imageBuildCommand.ts";
import { helperBundles, helpersDigest, IMAGE_LABELS, sandboxImageTag } from "./sandboxImage.ts";

export interface ResolvedSandboxImage {
  /** The image's name as the engine lists it (Podman's with its registry: localhost/ or docker.io/library/). */
  ref: string;
  /** Its id (sha256:...): what a container is made from, so a retag in between changes nothing. */
  id: string;
  /** Why the image's helpers are not this build's, to log as a warning; null when they are. */
  stale: string | null;
}

/**
 * The sandbox image a container machine is made from, on the engine: guilds-sandbox:<version>, or
 * with `image` (GUILDS_SANDBOX_IMAGE, an operator's base image) the one `guilds image build --base`
 * made from it. Missing, it is image.missing saying the command that builds it; nothing is built or
 * pulled here.
 */
export async function resolveSandboxImage(
  docker: Docker,
  options: { image?: string },
): Promise<ResolvedSandboxImage> {
  const base = options.image !== undefined && options.image !== "" ? options.image : undefined;
  const build = imageBuildCommand(docker, base);
  let tag: string;
  if (base === undefined) {
    tag = sandboxImageTag();
  } else {
    const baseImage = await inspectImage(docker, base);
    if (baseImage === null) {
      throw new GuildsError(
        "image.missing",
        `The base image ${base} (GUILDS_SANDBOX_IMAGE) is not on the engine; guilds pulls from no registry. Pull or load it into the engine, then build the sandbox image from it: \`${build}\` (a few seconds).`,
      );
    }
    tag = sandboxTagForBase(baseImage.Id);
  }
  const image = await inspectImage(docker, tag);
  if (image === null) {
    throw new GuildsError(
      "image.missing",
      base === undefined
        ? `The sandbox image ${tag} is not on the engine. Build it with \`${build}\` after \`npm run build\`: it takes about a minute and needs mmdebstrap (\`apt-get install mmdebstrap\`), run as root.`
        : `The sandbox image ${tag}, made from the base image ${base} (GUILDS_SANDBOX_IMAGE), is not on the engine. Build it with \`${build}\` after \`npm run build\` (a few seconds).`,
    );
  }
  const expected = helpersDigest(helperBundles());
  const carried = image.Config?.Labels?.[IMAGE_LABELS.helpers];
  const stale =
    carried === expected
      ? null
      : `The sandbox image ${tag} holds other helpers than this build of guilds (its ${IMAGE_LABELS.helpers} label is ${carried ?? "missing"}, this build's is ${expected}); containers run the image's own helpers until it is rebuilt with \`${build}\`.`;
  return { ref: listedName(image, tag), id: image.Id, stale };
}

/** The image's inspection, or null when the engine has no image of that name (404). */
async function inspectImage(docker: Docker, name: string): Promise<Docker.ImageInspectInfo | null> {
  try {
    return await docker.getImage(name).inspect();
  } catch (caught) {
    if ((caught as { statusCode?: unknown }).statusCode === 404) return null;
    throw new GuildsError(
      "engine.failed",
      `The engine could not inspect the image ${name}: ${caught instanceof Error ? caught.message : String(caught)}`,
    );
  }
}

/**
 * Podman looks a short name up as localhost/<name> (and docker.io/library/<name>), and lists an
 * imported or committed image as localhost/<name>: the listed name that is the one asked for.
 */
function listedName(image: Docker.ImageInspectInfo, name: string): string {
  return image.RepoTags?.find((listed) => listed === name || listed.endsWith(`/${name}`)) ?? name;
}
