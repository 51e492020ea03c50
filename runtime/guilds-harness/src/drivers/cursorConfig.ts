import { removeInside, rewriteJsonInside, withoutKeys } from "./localConfig.ts";

/** cli-config.json also holds authInfo, so it loses only its permissions and model. Keeps ~/.config/cursor/auth.json and ~/.cursor/chats. */
export function removeCursorConfiguration({ home }: { home: string; repoDir: string }): void {
  rewriteJsonInside(home, ".cursor/cli-config.json", (data) =>
    withoutKeys(data, ["permissions", "model", "hasChangedDefaultModel"]),
  );
  removeInside(home, ".cursor/mcp.json");
}
