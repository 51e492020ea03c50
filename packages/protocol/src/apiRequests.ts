import { z } from "zod";
import {
  HARNESSES,
  IDLE_STOP_MINUTES_DEFAULT,
  IDLE_STOP_MINUTES_LIMIT,
  MAX_TOOL_CALLS_DEFAULT,
  MAX_TOOL_CALLS_LIMIT,
  MODEL_PROVIDERS,
} from "./agentSettings.ts";
import { parseByteSize } from "./byteSize.ts";
import { MESSAGE_MAX_CHARACTERS } from "./messageLimits.ts";
import { ModelScript } from "./modelScript.ts";
import { RUN_TITLE_MAX_LENGTH } from "./runTitle.ts";

export { MESSAGE_MAX_CHARACTERS };

/*
 * The bodies the server's API accepts: the server validates requests with these schemas, its
 * OpenAPI document's request bodies are generated from them, and the web app types what it sends
 * with their inputs (the `…Input` types), so the three cannot drift apart. A schema's output is
 * what the server reads once a body passed (sizes in bytes).
 */

/** The longest guild, repository, agent, secret or token name. */
export const NAME_MAX_LENGTH = 100;

/** A name as the store checks it (its refusal says what is wrong), its bounds here for the document. */
const entityName = () => z.string().meta({ minLength: 1, maxLength: NAME_MAX_LENGTH });

export const CreateGuildBody = z.strictObject({
  name: entityName().describe("The guild's name, unique on this server."),
});

export const CreateRepositoryBody = z
  .strictObject({
    name: entityName().describe("The folder it is cloned to: repos/<name> in each agent's home."),
    url: z.string().min(1).optional().describe("A git remote (https://… or git@…); or give local_path."),
    token: z.string().min(1).optional().describe("A token for the remote; stored encrypted, never returned."),
    local_path: z.string().min(1).optional().describe("A git repository on the server's host; or give url."),
  })
  .superRefine((body, context) => {
    if ((body.url === undefined) === (body.local_path === undefined)) {
      context.addIssue({
        code: "custom",
        path: ["url"],
        message: "give either url or local_path, not both or neither",
      });
    }
    if (body.token !== undefined && body.url === undefined) {
      context.addIssue({
        code: "custom",
        path: ["token"],
        message: "a token goes with a url; a local path needs none",
      });
    }
  });

const SIZE_EXPECTED = 'must be a number of bytes or a size such as "4G" or "512M"';

const byteSize = z
  .union([z.int(), z.string()], { error: SIZE_EXPECTED })
  .transform((value, context) => {
    if (typeof value === "number") return value;
    const bytes = parseByteSize(value);
    if (bytes !== null) return bytes;
    context.addIssue({ code: "custom", message: `${SIZE_EXPECTED} (got ${JSON.stringify(value)})` });
    return z.NEVER;
  })
  .nullable()
  .optional();

/** An agent's machine limits as create and update take them: each absent stays, null is the default. */
export const AgentLimitsBody = z
  .strictObject({
    pids: z.int().nullable().optional().describe("Processes and threads at once (default 1024)."),
    memory: byteSize.describe('Bytes, or a size such as "4G" or "512M" (default 4G), tmpfs included.'),
    cpus: z.number().nullable().optional().describe("CPU cores, 0.5 for half of one (default 2)."),
    disk: byteSize.describe('The home\'s size: bytes, or a size such as "20G" (default 20G).'),
  })
  .describe(
    "The machine's limits, taking effect at its next start: each absent is left as it is, null resets it to the default; none may be above the server's maximum (GUILDS_MAX_PIDS, GUILDS_MAX_MEMORY, GUILDS_MAX_CPUS, GUILDS_MAX_DISK).",
  );

const ModelSettingsBody = z.strictObject({
  provider: z.enum(MODEL_PROVIDERS),
  name: z
    .string()
    .min(1)
    .describe("The model id (claude-sonnet-4-5, gpt-5, qwen3:8b; any name for scripted)."),
  base_url: z.string().nullable().optional().describe("For openai-compatible servers."),
});

const agentFields = {
  harness: z.enum(HARNESSES).nullable().optional(),
  harness_model: z.string().nullable().optional(),
  harness_effort: z.string().nullable().optional(),
  coding: z.boolean().optional().describe("Gates the code tools; read at each generation."),
  // Checked by the store, whose refusal says what to send; the bounds are here for the document.
  max_tool_calls: z
    .int()
    .optional()
    .meta({ minimum: 1, maximum: MAX_TOOL_CALLS_LIMIT })
    .describe(`Tool calls a run may make (default ${MAX_TOOL_CALLS_DEFAULT}).`),
  idle_stop_minutes: z
    .int()
    .optional()
    .meta({ minimum: 1, maximum: IDLE_STOP_MINUTES_LIMIT })
    .describe(`Minutes unused before the agent's machine stops (default ${IDLE_STOP_MINUTES_DEFAULT}).`),
  limits: AgentLimitsBody.optional(),
  script: ModelScript.optional().describe("The scripted provider's steps (see modelScript.ts)."),
};

export const CreateAgentBody = z.strictObject({
  name: entityName(),
  model: ModelSettingsBody,
  ...agentFields,
});

export const UpdateAgentBody = z.strictObject({
  name: entityName().optional(),
  model: ModelSettingsBody.partial().optional(),
  ...agentFields,
});

export const SetSecretBody = z.strictObject({
  value: z.string().min(1).describe("Write-only: never returned by any answer."),
  aliases: z.array(z.string()).optional().describe("More environment variable names for the value."),
});

export const MessageBody = z.strictObject({
  message: z.string().min(1).max(MESSAGE_MAX_CHARACTERS).describe("The operator's message to the agent."),
});

export const RunTitleBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1)
    .max(RUN_TITLE_MAX_LENGTH)
    .describe("The run's new title (spaces around it are dropped)."),
});

/** What the server reads once a body passed. */
export type CreateRepositoryBody = z.output<typeof CreateRepositoryBody>;
export type AgentLimitsBody = z.output<typeof AgentLimitsBody>;
export type CreateAgentBody = z.output<typeof CreateAgentBody>;
export type UpdateAgentBody = z.output<typeof UpdateAgentBody>;

/** What a client sends. */
export type CreateGuildBodyInput = z.input<typeof CreateGuildBody>;
export type CreateRepositoryBodyInput = z.input<typeof CreateRepositoryBody>;
export type AgentLimitsBodyInput = z.input<typeof AgentLimitsBody>;
export type ModelSettingsBodyInput = z.input<typeof ModelSettingsBody>;
export type CreateAgentBodyInput = z.input<typeof CreateAgentBody>;
export type UpdateAgentBodyInput = z.input<typeof UpdateAgentBody>;
export type SetSecretBodyInput = z.input<typeof SetSecretBody>;
export type MessageBodyInput = z.input<typeof MessageBody>;
export type RunTitleBodyInput = z.input<typeof RunTitleBody>;
