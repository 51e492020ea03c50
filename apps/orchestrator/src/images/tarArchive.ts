/** One entry of a tar archive: a folder, or a file with its content. */
export type TarEntry =
  | { kind: "folder"; path: string; mode: number }
  | { kind: "file"; path: string; mode: number; content: Buffer };

/** Whose the extracted entries are (root unless said). */
export interface TarOwner {
  uid: number;
  gid: number;
}

const ROOT: TarOwner = { uid: 0, gid: 0 };
const BLOCK = 512;

/**
 * A POSIX ustar archive of the entries, in memory: what the engine's putArchive extracts. Paths are
 * relative (no leading slash), at most 100 bytes (ustar's name field, without its prefix field).
 */
export function tarArchive(entries: TarEntry[], owner: TarOwner = ROOT): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const name = entry.kind === "folder" ? `${entry.path.replace(/\/$/, "")}/` : entry.path;
    if (Buffer.byteLength(name) > 100 || name.startsWith("/")) {
      throw new Error(`tar entry path ${name} must be relative and at most 100 bytes`);
    }
    const size = entry.kind === "file" ? entry.content.length : 0;
    blocks.push(header(name, entry.mode, size, entry.kind === "folder" ? "5" : "0", owner));
    if (entry.kind === "file") {
      blocks.push(entry.content, Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK));
    }
  }
  blocks.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(blocks);
}

function header(name: string, mode: number, size: number, type: string, owner: TarOwner): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(mode, 8), 100, "ascii");
  block.write(octal(owner.uid, 8), 108, "ascii");
  block.write(octal(owner.gid, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii"); // the checksum counts its own field as spaces
  block.write(type, 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, "ascii");
  return block;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\u0000`;
}
