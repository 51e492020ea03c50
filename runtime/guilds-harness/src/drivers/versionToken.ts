/**
 * The first version-looking token of a CLI's --version output: "2.1.197 (Claude Code)" → "2.1.197",
 * "codex-cli 0.171.0" → "0.171.0", Cursor's dated "2026.01.09-1a2b3c4" whole.
 */
export function versionToken(stdout: string): string | null {
  const match = /\d+(?:\.\d+)+(?:-[0-9A-Za-z.]+)?/.exec(stdout);
  return match ? match[0] : null;
}

/** How every driven CLI tells its version: `<binary> --version`, read with versionToken. */
export const VERSION_FLAG = { versionArgs: ["--version"], parseVersion: versionToken };
