import { z } from "zod";
import { HARNESSES, MODEL_PROVIDERS } from "./agentSettings.ts";
import {
  HARNESS_LOG_LINES_MAX,
  HARNESS_LOG_RAW_MAX_BYTES,
  TASK_PROGRESS_LINE_MAX_CHARS,
} from "./harnessLimits.ts";
import { ModelScript } from "./modelScript.ts";
import { MessageRole, RunStatus, ToolCallStatus } from "./runEvents.ts";
import { RunUsageView, TokenUsageView } from "./tokenUsage.ts";

/*
 * The server's API answers: the orchestrator builds them with these types, its OpenAPI document's
 * success responses are generated from these schemas, and the web app reads them with the same
 * types, so none of the three can drift from the others. Strict objects: a field the document does
 * not name fails the API's own tests.
 *
 * JSON-valued fields are z.unknown(), not z.json(): a recursive schema becomes a $ref into $defs,
 * which inside an OpenAPI document would resolve against the document's root.
 */

const timestamp = z.string().meta({ format: "date-time" }).describe("ISO 8601, UTC.");
const jsonObject = z.record(z.string(), z.unknown());

export const GuildView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    created_at: timestamp,
  })
  .meta({ id: "Guild" });

export const RepositoryView = z
  .strictObject({
    id: z.string(),
    guild_id: z.string(),
    name: z.string().describe("Its folder in each agent's home: repos/<name>."),
    url: z.string().nullable().describe("The git remote, without any password; null for a local path."),
    local_path: z.string().nullable(),
    has_token: z.boolean().describe("The token itself is never returned."),
    created_at: timestamp,
  })
  .meta({ id: "Repository" });

export const AgentLimitsView = z
  .strictObject({
    pids: z.int().nullable(),
    memory_bytes: z.int().nullable(),
    cpus: z.number().nullable(),
    disk_bytes: z.int().nullable(),
  })
  .describe("The agent's own machine limits, each null for the default.")
  .meta({ id: "AgentLimits" });

export const EffectiveLimitsView = z
  .strictObject({
    pids: z.int(),
    memory_bytes: z.int(),
    cpus: z.number(),
    disk_bytes: z.int(),
    tmpfs_bytes: z.int(),
  })
  .describe(
    "What its machine gets at its next start: its own limits, else the defaults, within the server's maxima.",
  )
  .meta({ id: "EffectiveLimits" });

export const AgentView = z
  .strictObject({
    id: z.string(),
    guild_id: z.string(),
    name: z.string(),
    harness: z.enum(HARNESSES).nullable(),
    harness_model: z.string().nullable(),
    harness_effort: z.string().nullable(),
    model: z.strictObject({
      provider: z.enum(MODEL_PROVIDERS),
      name: z.string(),
      base_url: z.string().nullable(),
    }),
    coding: z.boolean(),
    max_tool_calls: z.int(),
    idle_stop_minutes: z.int(),
    limits: AgentLimitsView,
    effective_limits: EffectiveLimitsView,
    script: ModelScript.nullable().describe("The scripted provider's steps, or null."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Agent" });

export const SecretView = z
  .strictObject({
    id: z.string(),
    scope: z.enum(["guild", "agent"]),
    guild_id: z.string(),
    agent_id: z.string().nullable(),
    name: z.string(),
    aliases: z.array(z.string()),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .describe("A secret's name and aliases; its value never leaves the server.")
  .meta({ id: "Secret" });

export const RunView = z
  .strictObject({
    id: z.string(),
    guild_id: z.string(),
    agent_id: z.string(),
    title: z
      .string()
      .describe("From its first message (its first line), until the operator renames it; empty for none."),
    status: RunStatus,
    status_reason: z.string().nullable(),
    metadata: jsonObject.describe(
      "harness_task lives here while a code_task runs; usage and cost_usd, as below, always.",
    ),
    tool_calls_used: z.int(),
    usage: RunUsageView.describe("The tokens of its generations and its code tasks, summed."),
    cost_usd: z
      .number()
      .nullable()
      .describe(
        "US dollars: its generations' costs (each from the price table when it ended) and its code tasks' (as their harness reported them), summed; null while none is known.",
      ),
    created_at: timestamp,
    updated_at: timestamp,
    ended_at: timestamp.nullable(),
  })
  .meta({ id: "Run" });

export const MessageView = z
  .strictObject({
    id: z.string(),
    seq: z.int().describe('Its place in the run: the "step N" of file_read.'),
    role: MessageRole,
    content: z.unknown().describe("JSON."),
    created_at: timestamp,
  })
  .meta({ id: "Message" });

/** A stored call's status: pending and running, then how it ended. */
export const ToolCallState = z.enum(["pending", "running", ...ToolCallStatus.options]);
export type ToolCallState = z.infer<typeof ToolCallState>;

export const ToolCallView = z
  .strictObject({
    id: z.string(),
    run_id: z.string(),
    generation_id: z.string().nullable(),
    call_id: z.string().describe("The model's own id for the call."),
    tool: z.string(),
    arguments: z.unknown().describe("The arguments parsed, or null when the model's text is not JSON."),
    arguments_text: z.string(),
    status: ToolCallState,
    result: z.string().nullable(),
    result_seq: z.int().nullable(),
    result_cut: z.boolean(),
    metadata: jsonObject,
    repeat_of: z.int().nullable(),
    error: z.string().nullable(),
    created_at: timestamp,
    started_at: timestamp.nullable(),
    ended_at: timestamp.nullable(),
    duration_ms: z.int().nullable(),
  })
  .meta({ id: "ToolCall" });

export const GenerationView = z
  .strictObject({
    id: z.string(),
    seq: z.int().describe("Its place among the run's generations: 1, 2, 3, …"),
    model: z.string().describe("provider:model, as it was called."),
    status: z.enum(["running", "completed", "failed", "cancelled", "interrupted"]),
    usage: TokenUsageView,
    cost_usd: z
      .number()
      .nullable()
      .describe("US dollars, from the price table when it ended; null when its model has no price."),
    error: z.string().nullable(),
    started_at: timestamp,
    ended_at: timestamp.nullable(),
  })
  .meta({ id: "Generation" });

/** An operator message sent while the run worked, not read yet: its next generation reads it. */
export const QueuedMessageView = z
  .strictObject({
    id: z.string().describe("The id message.queued and message.delivered name."),
    text: z.string(),
    created_at: timestamp,
  })
  .meta({ id: "QueuedMessage" });

export const RunDetailView = RunView.extend({
  messages: z.array(MessageView),
  generations: z.array(GenerationView),
  tool_calls: z.array(ToolCallView),
  queued_messages: z
    .array(QueuedMessageView)
    .describe(
      "Sent while the run worked and not read yet, in order; a run that ended first delivers them when it is continued.",
    ),
}).meta({ id: "RunDetail" });

export const DeletionView = z
  .strictObject({
    deleted: z.enum(["guild", "repository", "agent"]),
    id: z.string(),
    name: z.string(),
    removed: z.array(z.string()).describe("What went with it, in words."),
    kept: z.array(z.string()).describe("What stays, where, and why."),
  })
  .meta({ id: "Deletion" });

export const SecretDeletionView = z.strictObject({ deleted: z.string().describe("The secret's name.") });

const nextCursor = z
  .string()
  .nullable()
  .describe("Pass it as ?cursor= for the next page; null on the last page.");

export const GuildList = z.strictObject({ guilds: z.array(GuildView), next_cursor: nextCursor });
export const RepositoryList = z.strictObject({
  repositories: z.array(RepositoryView),
  next_cursor: nextCursor,
});
export const AgentList = z.strictObject({ agents: z.array(AgentView), next_cursor: nextCursor });
export const SecretList = z.strictObject({ secrets: z.array(SecretView), next_cursor: nextCursor });
export const RunList = z.strictObject({
  runs: z.array(RunView).describe("Newest first."),
  next_cursor: nextCursor,
});

/** GET /api/runs/{runId}/tasks/{callId}/log: a code_task's harness log, read from the agent's machine. */
export const HarnessLogView = z
  .strictObject({
    lines: z
      .array(z.string())
      .describe(
        `Each event as a progress line, redacted, cut at ${TASK_PROGRESS_LINE_MAX_CHARS} characters.`,
      ),
    lines_truncated: z.boolean().describe(`More lines than the first ${HARNESS_LOG_LINES_MAX} were kept.`),
    raw: z
      .string()
      .describe(
        `The raw JSONL, redacted: whole lines from the start within ${HARNESS_LOG_RAW_MAX_BYTES / 1024} KiB.`,
      ),
    raw_truncated: z.boolean(),
    bytes: z.number().int().describe("The whole log's size."),
    events: z.number().int(),
    unparsed: z.number().int().describe("Lines that were not the harness's events."),
  })
  .meta({ id: "HarnessLog" });

/** GET /api/runs/{runId}/tasks/{callId}/diff: a code_task's diff, read from the agent's machine. */
export const TaskDiffView = z
  .strictObject({
    diff: z.string().describe("The unified diff from the start checkpoint to the end checkpoint, redacted."),
    truncated: z.boolean(),
    start_sha: z.string(),
    end_sha: z.string(),
  })
  .meta({ id: "TaskDiff" });

/** What a guild keeps besides repositories: notes (Markdown), records (JSON), collections, scripts. */
export const NoteKind = z.enum(["note", "record", "collection", "script"]);
export type NoteKind = z.infer<typeof NoteKind>;

export const NoteSummaryView = z
  .strictObject({
    id: z.string(),
    guild_id: z.string(),
    path: z.string().describe("The display path, unique in the guild: runbooks/deploy.md, tasks/t-12."),
    kind: NoteKind,
    size: z.int().describe("Bytes of UTF-8 content (a record's JSON view); 0 for a collection."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "NoteSummary" });

export const NoteView = NoteSummaryView.extend({
  content: z
    .string()
    .nullable()
    .describe("Markdown, a record's JSON view, a script's source; null for a collection."),
}).meta({ id: "Note" });

export const NoteList = z.strictObject({ notes: z.array(NoteSummaryView), next_cursor: nextCursor });
export const NoteDeletionView = z.strictObject({ deleted: z.string().describe("The note's path.") });

export type GuildView = z.output<typeof GuildView>;
export type RepositoryView = z.output<typeof RepositoryView>;
export type AgentLimitsView = z.output<typeof AgentLimitsView>;
export type EffectiveLimitsView = z.output<typeof EffectiveLimitsView>;
export type AgentView = z.output<typeof AgentView>;
export type SecretView = z.output<typeof SecretView>;
export type RunView = z.output<typeof RunView>;
export type MessageView = z.output<typeof MessageView>;
export type QueuedMessageView = z.output<typeof QueuedMessageView>;
export type ToolCallView = z.output<typeof ToolCallView>;
export type GenerationView = z.output<typeof GenerationView>;
export type RunDetailView = z.output<typeof RunDetailView>;
export type DeletionView = z.output<typeof DeletionView>;
export type HarnessLogView = z.output<typeof HarnessLogView>;
export type TaskDiffView = z.output<typeof TaskDiffView>;
export type NoteSummaryView = z.output<typeof NoteSummaryView>;
export type NoteView = z.output<typeof NoteView>;
