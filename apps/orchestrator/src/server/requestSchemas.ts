import { z } from "zod";
import { ModelScript } from "../providers/modelScript.ts";
import { HARNESSES, MODEL_PROVIDERS } from "../store/agentSettings.ts";
import { AgentLimitsBody } from "./agentLimitsBody.ts";

/* The bodies the API accepts; the OpenAPI document is generated from these. */

/** An operator message: what starts or continues a run. */
export const MESSAGE_MAX_CHARACTERS = 200_000;

export const CreateGuildBody = z.strictObject({
  name: z.string().describe("The guild's name, unique on this server."),
});

export const CreateRepositoryBody = z
  .strictObject({
    name: z.string().describe("The folder it is cloned to: repos/<name> in each agent's home."),
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

const modelSettings = z.strictObject({
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
  max_tool_calls: z.int().optional(),
  idle_stop_minutes: z.int().optional(),
  limits: AgentLimitsBody.optional(),
  script: ModelScript.optional().describe("The scripted provider's steps (see modelScript.ts)."),
};

export const CreateAgentBody = z.strictObject({
  name: z.string(),
  model: modelSettings,
  ...agentFields,
});

export const UpdateAgentBody = z.strictObject({
  name: z.string().optional(),
  model: modelSettings.partial().optional(),
  ...agentFields,
});

export const SetSecretBody = z.strictObject({
  value: z.string().min(1).describe("Write-only: never returned by any answer."),
  aliases: z.array(z.string()).optional().describe("More environment variable names for the value."),
});

export const MessageBody = z.strictObject({
  message: z.string().min(1).max(MESSAGE_MAX_CHARACTERS).describe("The operator's message to the agent."),
});

export type CreateRepositoryBody = z.infer<typeof CreateRepositoryBody>;
export type CreateAgentBody = z.infer<typeof CreateAgentBody>;
export type UpdateAgentBody = z.infer<typeof UpdateAgentBody>;
