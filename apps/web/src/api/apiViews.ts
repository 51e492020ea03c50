/*
 * The answers of the orchestrator's API that the app reads, as types. They mirror the server's
 * response schemas (apps/orchestrator/src/server/viewSchemas.ts); a type test there
 * (test/server/webApiViews.test.ts) fails when the two drift apart.
 */

export interface GuildView {
  id: string;
  name: string;
  created_at: string;
}

export interface RepositoryView {
  id: string;
  guild_id: string;
  name: string;
  url: string | null;
  local_path: string | null;
  has_token: boolean;
  created_at: string;
}

export type HarnessName = "claude" | "codex" | "gemini" | "cursor" | "antigravity";
export type ModelProviderName = "anthropic" | "openai" | "openai-compatible" | "scripted";

export interface AgentView {
  id: string;
  guild_id: string;
  name: string;
  harness: HarnessName | null;
  harness_model: string | null;
  harness_effort: string | null;
  model: { provider: ModelProviderName; name: string; base_url: string | null };
  coding: boolean;
  max_tool_calls: number;
  idle_stop_minutes: number;
  /** The agent's own machine limits, each null for the default. */
  limits: AgentLimitsView;
  /** What its machine gets at its next start: its own limits, else the defaults, within the server's maxima. */
  effective_limits: EffectiveLimitsView;
  script: unknown;
  created_at: string;
  updated_at: string;
}

export interface AgentLimitsView {
  pids: number | null;
  memory_bytes: number | null;
  cpus: number | null;
  disk_bytes: number | null;
}

export interface EffectiveLimitsView {
  pids: number;
  memory_bytes: number;
  cpus: number;
  disk_bytes: number;
  tmpfs_bytes: number;
}

export interface SecretView {
  id: string;
  scope: "guild" | "agent";
  guild_id: string;
  agent_id: string | null;
  name: string;
  aliases: string[];
  created_at: string;
  updated_at: string;
}

export type RunStatus = "running" | "completed" | "failed" | "cancelled" | "interrupted";

export interface RunView {
  id: string;
  guild_id: string;
  agent_id: string;
  status: RunStatus;
  status_reason: string | null;
  metadata: Record<string, unknown>;
  tool_calls_used: number;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

export interface HarnessLogView {
  lines: string[];
  lines_truncated: boolean;
  raw: string;
  raw_truncated: boolean;
  bytes: number;
  events: number;
  unparsed: number;
}

export interface TaskDiffView {
  diff: string;
  truncated: boolean;
  start_sha: string;
  end_sha: string;
}
