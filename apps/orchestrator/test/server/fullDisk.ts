import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Why a test cannot mount a tmpfs of its own here (it needs root on Linux), or undefined when it can. */
export function whyNoTmpfs(): string | undefined {
  if (process.platform !== "linux") return "mounting a tmpfs needs Linux";
  if (process.getuid?.() !== 0) return "mounting a tmpfs needs root";
  const probe = mkdtempSync(path.join(tmpdir(), "guilds-mount-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "pipe" });
    execFileSync("umount", [probe]);
    return undefined;
  } catch (caught) {
    return `mount -t tmpfs failed (${caught instanceof Error ? caught.message.split("\n")[0] : caught})`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/**
 * Writes `file` until its disk refuses (ENOSPC): big pieces first, then small ones for the last
 * pages, so not one free byte is left.
 */
export function fillDisk(file: string): void {
  const fd = openSync(file, "w");
  try {
    for (const size of [1024 * 1024, 4096, 512]) {
      const piece = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, piece);
        } catch (caught) {
          if ((caught as NodeJS.ErrnoException).code === "ENOSPC") break;
          throw caught;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}
