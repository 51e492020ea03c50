import type { HarnessName } from "@guilds/protocol/harness";

/**
 * How each harness CLI is installed. The npm ones are pinned to the versions the drivers were
 * checked against; Cursor and Antigravity ship only their own installers, which fetch the CLI into
 * the agent's ~/.local/bin.
 */
export type HarnessPackage =
  | { kind: "npm"; name: HarnessName; spec: string; packageName: string; binary: string }
  | { kind: "installer"; name: HarnessName; command: string; binary: string };

export const HARNESS_PACKAGES: Record<HarnessName, HarnessPackage> = {
  claude: {
    kind: "npm",
    name: "claude",
    packageName: "@anthropic-ai/claude-code",
    spec: "@anthropic-ai/claude-code@2.1.197",
    binary: "claude",
  },
  codex: {
    kind: "npm",
    name: "codex",
    packageName: "@openai/codex",
    spec: "@openai/codex@0.171.0",
    binary: "codex",
  },
  gemini: {
    kind: "npm",
    name: "gemini",
    packageName: "@google/gemini-cli",
    spec: "@google/gemini-cli@0.61.0",
    binary: "gemini",
  },
  cursor: {
    kind: "installer",
    name: "cursor",
    command: "curl https://cursor.com/install -fsS | bash",
    binary: "agent",
  },
  antigravity: {
    kind: "installer",
    name: "antigravity",
    command: "curl -fsSL https://antigravity.google/cli/install.sh | bash",
    binary: "agy",
  },
};
