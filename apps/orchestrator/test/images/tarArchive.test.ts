import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { tarArchive } from "../../src/images/tarArchive.ts";

test("tar reads the archive back: folders and files with their modes and contents", async () => {
  const work = await mkdtemp(path.join(os.tmpdir(), "guilds-tar-"));
  try {
    const content = Buffer.from("x".repeat(1500));
    await writeFile(
      path.join(work, "a.tar"),
      tarArchive([
        { kind: "folder", path: "opt/bin", mode: 0o750 },
        { kind: "file", path: "opt/bin/tool", mode: 0o755, content },
        { kind: "file", path: "opt/empty", mode: 0o600, content: Buffer.alloc(0) },
      ]),
    );
    execFileSync("tar", ["-xf", "a.tar", "--no-same-owner"], { cwd: work });
    expect(await readFile(path.join(work, "opt/bin/tool"))).toEqual(content);
    expect((await stat(path.join(work, "opt/bin/tool"))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(work, "opt/bin"))).mode & 0o777).toBe(0o750);
    expect((await stat(path.join(work, "opt/empty"))).size).toBe(0);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

test("an absolute or too long path is refused", () => {
  expect(() => tarArchive([{ kind: "folder", path: "/opt", mode: 0o755 }])).toThrow(/must be relative/);
  expect(() => tarArchive([{ kind: "folder", path: "a".repeat(101), mode: 0o755 }])).toThrow(
    /at most 100 bytes/,
  );
});
