import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { GuildsError } from "@guilds/protocol/guildsError";
import type Docker from "dockerode";
import { imageBuildCommand } from "./imageBuildCommand.ts";
import {
  type BuiltSandboxImage,
  helperBundles,
  helpersDigest,
  IMAGE_BIN_DIR,
  imageChanges,
  type Progress,
  projectVersion,
  repositoryRoot,
  SANDBOX_IMAGE_NAME,
} from "./sandboxImage.ts";
import { tarArchive } from "./tarArchive.ts";

/** The oldest node the helpers run on. */
export const BASE_MIN_NODE_MAJOR = 18;
/** Where a base's node is looked for when it is not on the base's PATH. */
export const BASE_NODE_PLACES = [
  "/usr/local/bin/node",
  "/usr/bin/node",
  "/opt/node/bin/node",
  "/usr/local/node/bin/node",
] as const;

/** guilds-sandbox:<version>-<the base image id's first 12 hex digits>: one sandbox image per base. */
export function sandboxTagForBase(baseImageId: string, version: string = projectVersion()): string {
  return `${SANDBOX_IMAGE_NAME}:${version}-${baseImageId.replace(/^sha256:/, "").slice(0, 12)}`;
}

export interface BaseImageBuild {
  /** The engine, already answering (connectEngine). */
  docker: Docker;
  /** The operator's image, already on the engine (nothing is pulled); it must have bash and node 18+. */
  base: string;
  /** The image's name:tag; default sandboxTagForBase(the base's id). */
  tag?: string;
  progress: Progress;
}

/**
 * The sandbox image made from an operator's base image, without a registry or `docker build`: a
 * container of the base is checked for bash and node, given the helpers (putArchive) and what
 * setup.sh does (setup-on-base.mjs, run as root by the base's node), then committed with the Debian
 * image's USER, ENV and labels.
 */
export async function buildSandboxImageFromBase(build: BaseImageBuild): Promise<BuiltSandboxImage> {
  const started = Date.now();
  const { docker, base, progress } = build;
  const version = projectVersion();
  const bundles = helperBundles();
  const baseImage = await docker
    .getImage(base)
    .inspect()
    .catch((caught: unknown) => {
      if ((caught as { statusCode?: unknown }).statusCode === 404) {
        throw new GuildsError(
          "image.build_failed",
          `The base image ${base} is not on the engine; guilds pulls from no registry. Pull or load it into the engine first (docker or podman pull, load or import), then run \`${imageBuildCommand(docker, base)}\` again.`,
        );
      }
      throw engineFailed(`inspect the base image ${base}`, caught);
    });
  const tag = build.tag ?? sandboxTagForBase(baseImage.Id, version);
  const setupScript = readSetupScript();
  const container = await docker
    .createContainer({
      Image: baseImage.Id,
      name: `guilds-image-build-${randomBytes(6).toString("hex")}`,
      // bash waits on its open stdin: the container runs until removed, whatever else the base has.
      Entrypoint: ["bash"],
      Cmd: [],
      OpenStdin: true,
      User: "0:0",
      WorkingDir: "/",
      HostConfig: { NetworkMode: "none" },
    })
    .catch((caught: unknown) => {
      throw engineFailed(`make a container of the base image ${base}`, caught);
    });
  try {
    await container.start().catch((caught: unknown) => {
      throw new GuildsError(
        "image.build_failed",
        `A container of the base image ${base} could not start bash (${messageOf(caught)}); the base needs bash and node ${BASE_MIN_NODE_MAJOR}+.`,
      );
    });
    const found = await findBashAndNode(docker, container, base);
    progress(`${base}: bash at ${found.bash}, node ${found.version} at ${found.node}`);

    const archive = tarArchive([
      { kind: "folder", path: "opt", mode: 0o755 },
      { kind: "folder", path: "opt/guilds", mode: 0o755 },
      { kind: "folder", path: IMAGE_BIN_DIR.slice(1), mode: 0o755 },
      ...bundles.map((bundle) => ({
        kind: "file" as const,
        path: `${IMAGE_BIN_DIR.slice(1)}/${bundle.name}`,
        mode: 0o755,
        content: readFileSync(bundle.hostPath),
      })),
    ]);
    await container.putArchive(archive, { path: "/" }).catch((caught: unknown) => {
      throw engineFailed(`put the helpers into the container of ${base}`, caught);
    });
    const setup = await execIn(docker, container, [found.node, "-e", setupScript, found.node, found.bash]);
    if (setup.exitCode !== 0) {
      throw new GuildsError(
        "image.build_failed",
        `Setting up the user agent and /opt/guilds in a container of ${base} failed (exit ${setup.exitCode}): ${(setup.stderr || setup.stdout).trim()}`,
      );
    }
    progress(`${base}: ${setup.stdout.trim().split("\n").join("; ")}`);
    const env = await execIn(docker, container, ["bash", "-c", "[ -x /usr/bin/env ]"]);
    if (env.exitCode !== 0) {
      progress(
        `${base} has no /usr/bin/env, which the helpers' first line (#!/usr/bin/env node) asks for: run them as \`node ${IMAGE_BIN_DIR}/<helper>\``,
      );
    }

    const [repo, imageTag] = splitTag(tag);
    // The build's `bash` entrypoint (and a base's own) stays out of the image. [""] as `--entrypoint ""`
    // does: Docker reads ENTRYPOINT [] as "unset" and keeps the container's.
    const changes = ['ENTRYPOINT [""]', ...imageChanges(version, helpersDigest(bundles), found.bash)];
    await container.commit({ repo, tag: imageTag, changes, pause: true }).catch((caught: unknown) => {
      throw engineFailed(`commit the container of ${base} as ${tag}`, caught);
    });
    const inspected = await docker.getImage(tag).inspect();
    const seconds = (Date.now() - started) / 1000;
    progress(
      `${tag} is ${inspected.Id} (from ${base}, ${(inspected.Size / 1024 / 1024).toFixed(0)} MiB), built in ${seconds.toFixed(1)} s`,
    );
    return { tag, id: inspected.Id, sizeBytes: inspected.Size, seconds };
  } finally {
    await container.remove({ force: true }).catch(() => {});
  }
}

/** `command -v node`, else a known place; its version must be 18 or later. */
async function findBashAndNode(
  docker: Docker,
  container: Docker.Container,
  base: string,
): Promise<{ bash: string; node: string; version: string }> {
  const probe = `command -v bash; node=$(command -v node) || for place in ${BASE_NODE_PLACES.join(" ")}; do if [ -x "$place" ]; then node=$place; break; fi; done; [ -n "$node" ] || exit 127; echo "$node"; "$node" --version`;
  const answer = await execIn(docker, container, ["bash", "-c", probe]);
  const [bash, node, version] = answer.stdout.trim().split("\n");
  if (answer.exitCode === 127 && node === undefined) {
    throw new GuildsError(
      "image.build_failed",
      `The base image ${base} has no node: \`command -v node\` finds none and none is at ${BASE_NODE_PLACES.join(", ")}. The helpers need node ${BASE_MIN_NODE_MAJOR}+ on the base's PATH or at one of those places; use a base with node (an image FROM node:20, or install it).`,
    );
  }
  const major = Number(/^v(\d+)\./.exec(version ?? "")?.[1]);
  if (answer.exitCode !== 0 || bash === undefined || node === undefined || Number.isNaN(major)) {
    throw new GuildsError(
      "image.build_failed",
      `The base image ${base}'s node does not run (exit ${answer.exitCode}): ${(answer.stderr || answer.stdout).trim()}`,
    );
  }
  if (major < BASE_MIN_NODE_MAJOR) {
    throw new GuildsError(
      "image.build_failed",
      `The base image ${base}'s node is ${version} (${node}); the helpers need node ${BASE_MIN_NODE_MAJOR} or later.`,
    );
  }
  return { bash, node, version: version as string };
}

function readSetupScript(): string {
  const script = path.join(repositoryRoot(), "images", "sandbox", "setup-on-base.mjs");
  if (!existsSync(script)) {
    throw new GuildsError("image.build_failed", `The base image's setup script ${script} is missing.`);
  }
  return readFileSync(script, "utf8");
}

/** name:tag at its last colon after the last slash (a registry's host:port stays in the name). */
function splitTag(tag: string): [string, string] {
  const colon = tag.lastIndexOf(":");
  if (colon <= tag.lastIndexOf("/")) return [tag, "latest"];
  return [tag.slice(0, colon), tag.slice(colon + 1)];
}

interface ExecOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Runs the command in the container as its user (root here) to its end, with no stdin. */
async function execIn(docker: Docker, container: Docker.Container, cmd: string[]): Promise<ExecOutcome> {
  const exec = await container.exec({ Cmd: cmd, AttachStdout: true, AttachStderr: true });
  const stream = await exec.start({ hijack: true, stdin: false });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  docker.modem.demuxStream(
    stream,
    new PassThrough().on("data", (chunk: Buffer) => stdout.push(chunk)),
    new PassThrough().on("data", (chunk: Buffer) => stderr.push(chunk)),
  );
  await new Promise<void>((resolve, reject) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
    stream.once("error", reject);
  });
  const inspected = await exec.inspect();
  return {
    stdout: Buffer.concat(stdout).toString("utf8"),
    stderr: Buffer.concat(stderr).toString("utf8"),
    exitCode: inspected.ExitCode,
  };
}

function engineFailed(what: string, caught: unknown): GuildsError {
  return new GuildsError("engine.failed", `The engine could not ${what}: ${messageOf(caught)}`);
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
