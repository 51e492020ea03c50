import { renameSync, writeFileSync } from "node:fs";

/** Replaces a file whole (write a temporary beside it, then rename): a reader never sees half of it. */
export function writeFileAtomic(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}
