import { closeSync, openSync, writeSync } from "node:fs";

/** 1 GiB of numbered 128-byte lines: line n starts with n on 8 digits, so a window can be checked. */
export const BIG_FILE_LINE_BYTES = 128;
export const BIG_FILE_LINES = 8_388_608;
export const BIG_FILE_BYTES = BIG_FILE_LINE_BYTES * BIG_FILE_LINES;

const LINES_PER_BLOCK = 65_536;

export function writeBigFile(file: string): void {
  const filler = "lorem ipsum dolor sit amet ".repeat(5).slice(0, BIG_FILE_LINE_BYTES - 10);
  const block = Buffer.alloc(BIG_FILE_LINE_BYTES * LINES_PER_BLOCK);
  const descriptor = openSync(file, "w");
  try {
    for (let first = 1; first <= BIG_FILE_LINES; first += LINES_PER_BLOCK) {
      for (let index = 0; index < LINES_PER_BLOCK; index += 1) {
        const line = `${bigFileLinePrefix(first + index)} ${filler}\n`;
        block.write(line, index * BIG_FILE_LINE_BYTES, "latin1");
      }
      writeSync(descriptor, block);
    }
  } finally {
    closeSync(descriptor);
  }
}

export function bigFileLinePrefix(line: number): string {
  return String(line).padStart(8, "0");
}
