import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes files under a temp home: { "repos/x/src/a.ts": "text" }; parent folders are created. */
export function writeHomeFiles(home: string, files: Record<string, string | Buffer>): void {
  for (const [relative, content] of Object.entries(files)) {
    const full = path.join(home, relative);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

/** "line 1\nline 2\n…" with count lines, each ending in a newline. */
export function numberedText(count: number, line = (number: number) => `line ${number}`): string {
  return Array.from({ length: count }, (_, index) => `${line(index + 1)}\n`).join("");
}
