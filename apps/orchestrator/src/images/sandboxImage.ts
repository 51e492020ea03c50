import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { GuildsError } from "@guilds/protocol/guildsError";
import { SANDBOX_HOME } from "@guilds/protocol/runtimePaths";
import type Docker from "dockerode";
import { HELPER_NAMES, helperBundle } from "../machines/local/hostTools.ts";

const require = createRequire(import.meta.url);

/** The sandbox image's repository; its tag is the project's version. */
export const SANDBOX_IMAGE_NAME = "guilds-sandbox";
/** Debian's release the root filesystem is made from (the host's Node 20 binary runs on it). */
export const SANDBOX_SUITE = "bookworm";
/** Debian's packages in the image, beside the minbase variant's essentials. */
export const SANDBOX_PACKAGES = [
  "bash",
  "coreutils",
  "git",
  "ripgrep",
  "python3",
  "procps",
  "ca-certificates",
] as const;
/** Inside the image: node and the helpers (as in the local provider's sandbox), first on PATH. */
export const IMAGE_BIN_DIR = "/opt/guilds/bin";
export const IMAGE_PATH = `${IMAGE_BIN_DIR}:/usr/local/bin:/usr/bin:/bin`;
/** The user the image runs as: "agent", who owns the home. */
export const IMAGE_UID = 1000;

/** The labels the image carries; the provider reads them to tell a stale image. */
export const IMAGE_LABELS = {
  kind: "org.guilds.image",
  version: "org.guilds.version",
  helpers: "org.guilds.helpers",
} as const;

/** The repository's root, found through the @guilds/code workspace link (from src and from the CLI bundle). */
export function repositoryRoot(): string {
  return path.resolve(path.dirname(require.resolve("@guilds/code/package.json")), "..", "..");
}

/** The version of the root package.json: the image's tag. */
export function projectVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(repositoryRoot(), "package.json"), "utf8")) as {
    version?: unknown;
  };
  if (typeof manifest.version !== "string" || manifest.version === "") {
    throw new GuildsError(
      "image.build_failed",
      "The root package.json has no version to tag the image with.",
    );
  }
  return manifest.version;
}

export function sandboxImageTag(version: string = projectVersion()): string {
  return `${SANDBOX_IMAGE_NAME}:${version}`;
}

/** The helpers' bundles on this host, every one of them, or image.build_failed naming the missing. */
export function helperBundles(): { name: string; hostPath: string }[] {
  const bundles = HELPER_NAMES.map((name) => ({ name, hostPath: helperBundle(name) }));
  const missing = bundles.filter((bundle) => bundle.hostPath === null).map((bundle) => bundle.name);
  if (missing.length > 0) {
    throw new GuildsError(
      "image.build_failed",
      `The helper${missing.length === 1 ? "" : "s"} ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not built (runtime/<name>/dist/<name>); run \`npm run build\` first.`,
    );
  }
  return bundles.map((bundle) => ({ name: bundle.name, hostPath: bundle.hostPath as string }));
}

/** sha256 over the helpers' bundles, in HELPER_NAMES' order: an image with another one is stale. */
export function helpersDigest(bundles: { name: string; hostPath: string }[]): string {
  const hash = createHash("sha256");
  for (const bundle of bundles) {
    hash.update(`${bundle.name}\0`);
    hash.update(readFileSync(bundle.hostPath));
  }
  return hash.digest("hex");
}

export type Progress = (line: string) => void;

export interface SandboxImageBuild {
  /** The engine, already answering (connectEngine). */
  docker: Docker;
  /** The image's name:tag; default guilds-sandbox:<project version>. */
  tag?: string;
  progress: Progress;
}

export interface BuiltSandboxImage {
  tag: string;
  id: string;
  sizeBytes: number;
  seconds: number;
}

/**
 * Builds the sandbox image offline: a root filesystem from Debian's packages (mmdebstrap, minbase,
 * the packages above), this host's node and the helpers' bundles copied in, images/sandbox/setup.sh
 * run inside it; then imported into the engine over its API and tagged.
 */
export async function buildSandboxImage(build: SandboxImageBuild): Promise<BuiltSandboxImage> {
  const started = Date.now();
  const version = projectVersion();
  const tag = build.tag ?? sandboxImageTag(version);
  const bundles = helperBundles();
  const work = await mkdtemp(path.join(os.tmpdir(), "guilds-image-"));
  try {
    const tarball = path.join(work, "rootfs.tar");
    await makeRootFilesystem(work, tarball, bundles, build.progress);
    const size = (await stat(tarball)).size;
    build.progress(`root filesystem made (${formatMiB(size)}); importing it into the engine as ${tag}`);
    const changes = imageChanges(version, helpersDigest(bundles));
    await importRootFilesystem(build.docker, tarball, tag, changes);
    const inspected = await build.docker.getImage(tag).inspect();
    const seconds = (Date.now() - started) / 1000;
    build.progress(
      `${tag} is ${inspected.Id} (${formatMiB(inspected.Size)}), built in ${seconds.toFixed(1)} s`,
    );
    return { tag, id: inspected.Id, sizeBytes: inspected.Size, seconds };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The Dockerfile instructions applied at import: what a container of the image starts with. */
export function imageChanges(version: string, helpers: string, shell = "/bin/bash"): string[] {
  return [
    `CMD ${JSON.stringify([shell])}`,
    `ENV PATH=${IMAGE_PATH}`,
    "ENV LANG=C.UTF-8",
    `ENV HOME=${SANDBOX_HOME}`,
    `USER ${IMAGE_UID}:${IMAGE_UID}`,
    `WORKDIR ${SANDBOX_HOME}`,
    // One label per LABEL: Podman reads `LABEL a=1 b=2` as the one label a="1 b=2".
    `LABEL ${IMAGE_LABELS.kind}=sandbox`,
    `LABEL ${IMAGE_LABELS.version}=${version}`,
    `LABEL ${IMAGE_LABELS.helpers}=${helpers}`,
  ];
}

/** The mmdebstrap run: a tarball of the root filesystem, its lines passed on as progress. */
async function makeRootFilesystem(
  work: string,
  tarball: string,
  bundles: { name: string; hostPath: string }[],
  progress: Progress,
): Promise<void> {
  const mmdebstrap = findOnPath("mmdebstrap");
  if (mmdebstrap === null) {
    throw new GuildsError(
      "image.build_failed",
      "mmdebstrap is not installed: it makes the image's root filesystem from Debian's packages. Install it (`apt-get install mmdebstrap`), then run `guilds image build` again.",
    );
  }
  // copy-in splits its arguments on spaces: the files go through a folder of plain names.
  const stage = path.join(work, "stage");
  if (/\s/.test(stage)) {
    throw new GuildsError(
      "image.build_failed",
      `The temporary folder ${stage} has a space in its path, which mmdebstrap's copy-in cannot take; set TMPDIR to another folder.`,
    );
  }
  await mkdir(stage);
  const staged = [{ name: "node", hostPath: process.execPath }, ...bundles];
  for (const tool of staged) await copyFile(tool.hostPath, path.join(stage, tool.name));
  const setupScript = path.join(repositoryRoot(), "images", "sandbox", "setup.sh");
  if (!existsSync(setupScript)) {
    throw new GuildsError("image.build_failed", `The image's setup script ${setupScript} is missing.`);
  }
  await copyFile(setupScript, path.join(stage, "setup.sh"));

  const args = [
    "--variant=minbase",
    `--include=${SANDBOX_PACKAGES.join(",")}`,
    "--dpkgopt=path-exclude=/usr/share/man/*",
    "--dpkgopt=path-exclude=/usr/share/doc/*",
    "--dpkgopt=path-include=/usr/share/doc/*/copyright",
    "--dpkgopt=path-exclude=/usr/share/locale/*",
    `--customize-hook=mkdir -p "$1${IMAGE_BIN_DIR}"`,
    `--customize-hook=copy-in ${staged.map((tool) => path.join(stage, tool.name)).join(" ")} ${IMAGE_BIN_DIR}`,
    `--customize-hook=copy-in ${path.join(stage, "setup.sh")} /tmp`,
    '--customize-hook=chroot "$1" /bin/sh /tmp/setup.sh',
    SANDBOX_SUITE,
    tarball,
  ];
  progress(
    `mmdebstrap: ${SANDBOX_SUITE} (minbase, ${SANDBOX_PACKAGES.join(", ")}) with node and the helpers`,
  );
  const child = spawn(mmdebstrap, args, { stdio: ["ignore", "pipe", "pipe"], cwd: work });
  const tail: string[] = [];
  const relay = (stream: NodeJS.ReadableStream) =>
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(line);
      if (tail.length > 30) tail.shift();
      if (line.trim() !== "") progress(`mmdebstrap: ${line}`);
    });
  relay(child.stdout);
  relay(child.stderr);
  const exit = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (exit !== 0) {
    throw new GuildsError(
      "image.build_failed",
      `mmdebstrap failed (exit ${exit}); its last lines:\n${tail.join("\n")}\nIt needs Debian's ${SANDBOX_SUITE} packages from the host's apt sources (or its cache) and root (or user namespaces for its unshare mode).`,
    );
  }
}

/** POST /images/create?fromSrc=- with the tarball as the body, following the engine's progress to its end. */
async function importRootFilesystem(
  docker: Docker,
  tarball: string,
  tag: string,
  changes: string[],
): Promise<void> {
  let stream: NodeJS.ReadableStream;
  try {
    // The whole name:tag as `repo` (the API allows a tag in it): Podman's compatible API reads no `tag`.
    stream = await docker.importImage(createReadStream(tarball), { repo: tag, changes });
  } catch (caught) {
    throw new GuildsError("engine.failed", `The engine refused the import of ${tag}: ${messageOf(caught)}`);
  }
  await new Promise<void>((resolve, reject) => {
    docker.modem.followProgress(stream, (error: Error | null, output: { error?: string }[]) => {
      const failed = error?.message ?? output.find((event) => event.error !== undefined)?.error;
      if (failed !== undefined) {
        reject(new GuildsError("engine.failed", `The engine failed to import ${tag}: ${failed}`));
      } else resolve();
    });
  });
}

function findOnPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin").split(":")) {
    if (folder === "") continue;
    const candidate = path.join(folder, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function formatMiB(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
