import { z } from "zod";
import { ModelScript } from "../providers/modelScript.ts";
import { HARNESSES, MODEL_PROVIDERS } from "../store/agentSettings.ts";
import { MESSAGE_ROLES } from "../store/messageStore.ts";
import { RUN_STATUSES } from "../store/runStore.ts";
import { TOOL_CALL_STATUSES } from "../store/toolCallStore.ts";

/*
 * The API's answers: views.ts builds them with these types, and the OpenAPI document's success
 * responses are generated from these schemas, so the two cannot drift apart. Strict objects: a
 * field the document does not name fails the API's own tests.
 *
 * JSON-valued fields are z.unknown(), not z.json(): a recursive schema becomes a $ref into $defs,
 * which inside an OpenAPI document would resolve against the document's root.
 */

const timestamp = z.string().describe("ISO 8601, UTC.");
const jsonObject = z.record(z.string(), z.unknown());

export const GuildView = z.strictObject({
  id: z.string(),
  name: z.string(),
  created_at: timestamp,
});

export const RepositoryView = z.strictObject({
  id: z.string(),
  guild_id: z.string(),
  name: z.string().describe("Its folder in each agent's home: repos/<name>."),
  url: z.string().nullable().describe("The git remote, without any password; null for a local path."),
  local_path: z.string().nullable(),
  has_token: z.boolean().describe("The token itself is never returned."),
  created_at: timestamp,
});

export const AgentView = z.strictObject({
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
  limits: z
    .strictObject({
      pids: z.int().nullable(),
      memory_bytes: z.int().nullable(),
      cpus: z.number().nullable(),
      disk_bytes: z.int().nullable(),
    })
    .describe("The agent's own machine limits, each null for the default."),
  effective_limits: z
    .strictObject({
      pids: z.int(),
      memory_bytes: z.int(),
      cpus: z.number(),
      disk_bytes: z.int(),
      tmpfs_bytes: z.int(),
    })
    .describe(
      "What its machine gets at its next start: its own limits, else the defaults, within the server's maxima.",
    ),
  script: ModelScript.nullable().describe("The scripted provider's steps, or null."),
  created_at: timestamp,
  updated_at: timestamp,
});

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
  .describe("A secret's name and aliases; its value never leaves the server.");

export const RunView = z.strictObject({
  id: z.string(),
  guild_id: z.string(),
  agent_id: z.string(),
  status: z.enum(RUN_STATUSES),
  status_reason: z.string().nullable(),
  metadata: jsonObject.describe("harness_task lives here while a code_task runs."),
  tool_calls_used: z.int(),
  created_at: timestamp,
  updated_at: timestamp,
  ended_at: timestamp.nullable(),
});

export const MessageView = z.strictObject({
  id: z.string(),
  seq: z.int().describe('Its place in the run: the "step N" of file_read.'),
  role: z.enum(MESSAGE_ROLES),
  content: z.unknown().describe("JSON."),
  created_at: timestamp,
});

export const ToolCallView = z.strictObject({
  id: z.string(),
  run_id: z.string(),
  generation_id: z.string().nullable(),
  call_id: z.string().describe("The model's own id for the call."),
  tool: z.string(),
  arguments: z.unknown().describe("The arguments parsed, or null when the model's text is not JSON."),
  arguments_text: z.string(),
  status: z.enum(TOOL_CALL_STATUSES),
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
});

export const RunDetailView = RunView.extend({
  messages: z.array(MessageView),
  tool_calls: z.array(ToolCallView),
});

export const DeletionView = z.strictObject({
  deleted: z.enum(["guild", "repository", "agent"]),
  id: z.string(),
  name: z.string(),
  removed: z.array(z.string()).describe("What went with it, in words."),
  kept: z.array(z.string()).describe("What stays, where, and why."),
});

export const SecretDeletionView = z.strictObject({ deleted: z.string().describe("The secret's name.") });

export const GuildList = z.strictObject({ guilds: z.array(GuildView) });
export const RepositoryList = z.strictObject({ repositories: z.array(RepositoryView) });
export const AgentList = z.strictObject({ agents: z.array(AgentView) });
export const SecretList = z.strictObject({ secrets: z.array(SecretView) });
export const RunList = z.strictObject({ runs: z.array(RunView) });

export type GuildView = z.output<typeof GuildView>;
export type RepositoryView = z.output<typeof RepositoryView>;
export type AgentView = z.output<typeof AgentView>;
export type SecretView = z.output<typeof SecretView>;
export type RunView = z.output<typeof RunView>;
export type MessageView = z.output<typeof MessageView>;
export type ToolCallView = z.output<typeof ToolCallView>;
export type DeletionView = z.output<typeof DeletionView>;
