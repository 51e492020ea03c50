import { isJsonObject, type JsonObject } from "./json.ts";
import { removeInside, rewriteJsonInside, withoutKeys } from "./localConfig.ts";

/** ~/.claude.json keys that add MCP servers or pre-allow tools; the rest (oauthAccount, onboarding) stays. */
const GLOBAL_KEYS = ["mcpServers"];
const PROJECT_KEYS = [
  "mcpServers",
  "allowedTools",
  "enabledMcpjsonServers",
  "disabledMcpjsonServers",
  "mcpContextUris",
];

/** Keeps ~/.claude/.credentials.json and ~/.claude/projects/ (the sessions). */
export function removeClaudeConfiguration({ home }: { home: string; repoDir: string }): void {
  for (const relative of [
    ".claude/settings.json",
    ".claude/CLAUDE.md",
    ".claude/agents",
    ".claude/skills",
    ".claude/commands",
  ]) {
    removeInside(home, relative);
  }
  rewriteJsonInside(home, ".claude.json", withoutToolGrants);
}

function withoutToolGrants(data: JsonObject): JsonObject {
  const kept = withoutKeys(data, GLOBAL_KEYS);
  if (!isJsonObject(kept.projects)) return kept;
  const projects = Object.fromEntries(
    Object.entries(kept.projects).map(([folder, project]) => [
      folder,
      isJsonObject(project) ? withoutKeys(project, PROJECT_KEYS) : project,
    ]),
  );
  return { ...kept, projects };
}
