import { chmodSync, writeFileSync } from "node:fs";

/** A file only the agent's user reads (0600 even when it existed with another mode). */
export function writePrivateFile(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}
