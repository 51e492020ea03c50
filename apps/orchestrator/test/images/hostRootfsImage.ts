// A tiny base image for the --base tests, imported in a second or two: this host's bash (and, when
// asked, its node) with the shared libraries they load, and nothing else (no coreutils, no
// /etc/passwd, no /usr/bin/env).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type Docker from "dockerode";
import { type TarEntry, tarArchive } from "../../src/images/tarArchive.ts";

/** Where the base's node goes: a known place off its PATH, so the build must look for it. */
export const BASE_NODE_PATH = "/opt/node/bin/node";

export async function importHostRootfsImage(
  docker: Docker,
  name: string,
  options: { withNode: boolean },
): Promise<string> {
  const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
  const files = new Map<string, string>([["/bin/bash", bash]]);
  if (options.withNode) files.set(BASE_NODE_PATH, process.execPath);
  for (const binary of [...files.values()]) {
    for (const library of sharedLibraries(binary)) files.set(library, library);
  }
  const folders = new Set<string>();
  for (const target of files.keys()) {
    for (let folder = path.dirname(target); folder !== "/"; folder = path.dirname(folder))
      folders.add(folder);
  }
  const entries: TarEntry[] = [
    ...[...folders].sort().map((folder) => ({ kind: "folder" as const, path: folder.slice(1), mode: 0o755 })),
    ...[...files].map(([target, source]) => ({
      kind: "file" as const,
      path: target.slice(1),
      mode: 0o755,
      content: readFileSync(source),
    })),
  ];
  const stream = await docker.importImage(Readable.from([tarArchive(entries)]), {
    repo: name,
    changes: ["ENV PATH=/usr/local/bin:/usr/bin:/bin"],
  });
  await new Promise<void>((resolve, reject) => {
    docker.modem.followProgress(stream, (error: Error | null, output: { error?: string }[]) => {
      const failed = error?.message ?? output.find((event) => event.error !== undefined)?.error;
      if (failed !== undefined) reject(new Error(failed));
      else resolve();
    });
  });
  return (await docker.getImage(name).inspect()).Id;
}

/** The paths ldd names (the loader too), as the binary asks for them. */
function sharedLibraries(binary: string): string[] {
  const listing = execFileSync("ldd", [binary], { encoding: "utf8" });
  return [...listing.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)].map((match) => match[1] as string);
}
