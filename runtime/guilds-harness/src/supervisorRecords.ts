import { readFileSync, statSync } from "node:fs";
import { writeFileAtomic } from "./atomicWrite.ts";

// The two records the supervisor writes: <call id>.pid and <call id>.exit.

/** The CLI's end as the supervisor recorded it; the file's mtime is when it ended. */
export interface RecordedExit {
  code: number;
  endedAtMs: number;
}

export function writeExitRecord(file: string, code: number): void {
  writeFileAtomic(file, `${code}\n`);
}

export function readExitRecord(file: string): RecordedExit | undefined {
  try {
    const code = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(code) ? { code, endedAtMs: statSync(file).mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

export function writeProcessGroup(file: string, processGroup: number): void {
  writeFileAtomic(file, `${processGroup}\n`);
}

/** The CLI's process group as the supervisor recorded it right after the spawn. */
export function readProcessGroup(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 1 ? pid : undefined;
  } catch {
    return undefined;
  }
}
