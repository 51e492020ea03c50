import type {
  AgentView,
  DeletionView,
  GenerationView,
  GuildView,
  MessageView,
  QueuedMessageView,
  RepositoryView,
  RunView,
  SecretView,
  ToolCallView,
} from "@guilds/protocol/apiViews";
import type { RunUsageView } from "@guilds/protocol/tokenUsage";
import type { Deletion } from "../deletion/deletion.ts";
import { effectiveLimits } from "../machines/effectiveLimits.ts";
import type { MachineLimitMaxima } from "../machines/limitMaxima.ts";
import { tokenUsageView } from "../prices/generationCost.ts";
import type { ModelScript } from "../providers/modelScript.ts";
import type { Agent } from "../store/agentStore.ts";
import type { Generation } from "../store/generationStore.ts";
import type { Guild } from "../store/guildStore.ts";
import type { Message } from "../store/messageStore.ts";
import type { QueuedMessage } from "../store/queuedMessageStore.ts";
import type { Repository } from "../store/repositoryStore.ts";
import type { Run } from "../store/runStore.ts";
import type { SecretSummary } from "../store/secretStore.ts";
import type { ToolCall } from "../store/toolCallStore.ts";

/* The API's JSON shapes (the protocol's apiViews.ts): snake_case, as the wire types in packages/protocol are. */

export function guildView(guild: Guild): GuildView {
  return { id: guild.id, name: guild.name, created_at: guild.createdAt };
}

export function repositoryView(repository: Repository): RepositoryView {
  return {
    id: repository.id,
    guild_id: repository.guildId,
    name: repository.name,
    url: repository.url,
    local_path: repository.localPath,
    has_token: repository.hasToken,
    created_at: repository.createdAt,
  };
}

export function agentView(
  agent: Agent,
  script: ModelScript | undefined,
  maxima: MachineLimitMaxima,
): AgentView {
  const effective = effectiveLimits(agent.limits, maxima);
  return {
    id: agent.id,
    guild_id: agent.guildId,
    name: agent.name,
    harness: agent.harness,
    harness_model: agent.harnessModel,
    harness_effort: agent.harnessEffort,
    model: { provider: agent.modelProvider, name: agent.modelName, base_url: agent.modelBaseUrl },
    coding: agent.coding,
    max_tool_calls: agent.maxToolCalls,
    idle_stop_minutes: agent.idleStopMinutes,
    limits: {
      pids: agent.limits.pids,
      memory_bytes: agent.limits.memoryBytes,
      cpus: agent.limits.cpus,
      disk_bytes: agent.limits.diskBytes,
    },
    effective_limits: {
      pids: effective.pids,
      memory_bytes: effective.memoryBytes,
      cpus: effective.cpus,
      disk_bytes: effective.diskBytes,
      tmpfs_bytes: effective.tmpfsBytes,
    },
    script: script ?? null,
    created_at: agent.createdAt,
    updated_at: agent.updatedAt,
  };
}

/** Names and aliases only: a secret's value never leaves the store through the API. */
export function secretView(secret: SecretSummary): SecretView {
  return {
    id: secret.id,
    scope: secret.scope,
    guild_id: secret.guildId,
    agent_id: secret.agentId,
    name: secret.name,
    aliases: secret.aliases,
    created_at: secret.createdAt,
    updated_at: secret.updatedAt,
  };
}

export function runView(run: Run): RunView {
  const usage: RunUsageView = {
    input_tokens: run.usage.inputTokens,
    output_tokens: run.usage.outputTokens,
    cached_tokens: run.usage.cachedTokens,
  };
  return {
    id: run.id,
    guild_id: run.guildId,
    agent_id: run.agentId,
    title: run.title,
    status: run.status,
    status_reason: run.statusReason,
    // The totals are the run's columns; its metadata shows them too, for what reads metadata alone.
    metadata: { ...run.metadata, usage, cost_usd: run.costUsd },
    tool_calls_used: run.toolCallsUsed,
    usage,
    cost_usd: run.costUsd,
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    ended_at: run.endedAt,
  };
}

export function messageView(message: Message): MessageView {
  return {
    id: message.id,
    seq: message.seq,
    role: message.role,
    content: message.content,
    created_at: message.createdAt,
  };
}

export function queuedMessageView(queued: QueuedMessage): QueuedMessageView {
  return { id: queued.id, text: queued.text, created_at: queued.createdAt };
}

export function generationView(generation: Generation): GenerationView {
  return {
    id: generation.id,
    seq: generation.seq,
    model: generation.model,
    status: generation.status,
    usage: tokenUsageView(generation.usage),
    cost_usd: generation.costUsd,
    error: generation.error,
    started_at: generation.startedAt,
    ended_at: generation.endedAt,
  };
}

export function toolCallView(call: ToolCall): ToolCallView {
  return {
    id: call.id,
    run_id: call.runId,
    generation_id: call.generationId,
    call_id: call.callId,
    tool: call.tool,
    arguments: call.arguments ?? null,
    arguments_text: call.argumentsText,
    status: call.status,
    result: call.result,
    result_seq: call.resultSeq,
    result_cut: call.resultCut,
    metadata: call.metadata,
    repeat_of: call.repeatOf,
    error: call.error,
    created_at: call.createdAt,
    started_at: call.startedAt,
    ended_at: call.endedAt,
    duration_ms: call.durationMs,
  };
}

export function deletionView(deletion: Deletion): DeletionView {
  return {
    deleted: deletion.kind,
    id: deletion.id,
    name: deletion.name,
    removed: deletion.removed,
    kept: deletion.kept,
  };
}
