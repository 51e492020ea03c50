import { removeInside } from "./localConfig.ts";

/** Keeps the token file and conversations/. mcp_config.json is shared with the Gemini CLI under ~/.gemini/config. */
export function removeAntigravityConfiguration({ home }: { home: string; repoDir: string }): void {
  for (const relative of [
    ".gemini/antigravity-cli/settings.json",
    ".gemini/antigravity-cli/mcp_config.json",
    ".gemini/antigravity-cli/plugins",
    ".gemini/config/mcp_config.json",
  ]) {
    removeInside(home, relative);
  }
}
