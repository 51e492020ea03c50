import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/** The first executable file named `binary` in PATH's folders, or null. */
export function findOnPath(binary: string, searchPath: string): string | null {
  for (const folder of searchPath.split(":")) {
    if (!folder) continue;
    const candidate = path.join(folder, binary);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}
