import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { readSmallFile } from "../src/smallFileRead.ts";

test("reads a file whole, small or past its first buffer, and throws for a missing one", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "small-read-"));
  try {
    const small = path.join(folder, "small");
    const large = path.join(folder, "large");
    writeFileSync(small, "max 3\n");
    const text = "é123456789\n".repeat(5_000);
    writeFileSync(large, text);
    expect(readSmallFile(small)).toBe("max 3\n");
    expect(readSmallFile(large)).toBe(text);
    expect(readSmallFile(small)).toBe("max 3\n");
    expect(() => readSmallFile(path.join(folder, "missing"))).toThrow(/ENOENT/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
