import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import type Docker from "dockerode";

const BLOCK = 512;

interface TarEntry {
  name: string;
  kind: "file" | "folder";
  mode: number;
  data?: Buffer;
}

/**
 * Writes one file into the container through the engine's archive endpoint, owned by the machine's
 * user with `mode`. Its folder must exist: Podman would make a missing one, as root.
 */
export async function writeFileByArchive(
  container: Docker.Container,
  pathInside: string,
  data: Buffer,
  mode: number,
  owner: { uid: number; gid: number },
): Promise<void> {
  const archive = tarOf([{ name: path.posix.basename(pathInside), kind: "file", mode, data }], owner);
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

/** A ustar archive of the entries (names under 100 bytes, as the machine's paths are). */
function tarOf(entries: TarEntry[], owner: { uid: number; gid: number }): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    blocks.push(header(entry, data.length, owner));
    if (data.length > 0) {
      blocks.push(data);
      const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
      if (padding > 0) blocks.push(Buffer.alloc(padding));
    }
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(blocks);
}

function header(entry: TarEntry, size: number, owner: { uid: number; gid: number }): Buffer {
  const name = entry.kind === "folder" ? `${entry.name}/` : entry.name;
  if (Buffer.byteLength(name) > 99) throw new Error(`the path ${name} is too long for the archive`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  octal(block, 100, 8, entry.mode);
  octal(block, 108, 8, owner.uid);
  octal(block, 116, 8, owner.gid);
  octal(block, 124, 12, entry.kind === "folder" ? 0 : size);
  octal(block, 136, 12, Math.floor(Date.now() / 1000));
  block.write("        ", 148, 8, "ascii");
  block.write(entry.kind === "folder" ? "5" : "0", 156, 1, "ascii");
  block.write("ustar\u000000", 257, 8, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  octal(block, 148, 7, sum);
  return block;
}

function octal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}
