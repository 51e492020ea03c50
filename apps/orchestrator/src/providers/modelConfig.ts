import { GuildsError } from "@guilds/protocol/guildsError";
import { z } from "zod";
import { describeIssues } from "./describeIssues.ts";
import { ModelScript } from "./modelScript.ts";

const modelName = z
  .string()
  .min(1)
  .describe("The model id as the server names it (claude-sonnet-4-5, gpt-5, qwen3:8b).");
const baseUrl = z
  .url({ protocol: /^https?$/ })
  .describe(
    "The API root the library appends its path to: https://api.anthropic.com/v1, http://127.0.0.1:8080/v1.",
  );
const apiKey = z
  .string()
  .min(1)
  .describe("The API key: the value of the agent's secret, resolved by the caller.");

/** Which model drives an agent's generations, and how to reach it. */
export const ModelConfig = z.discriminatedUnion("provider", [
  z.strictObject({
    provider: z.literal("anthropic"),
    model: modelName,
    base_url: baseUrl.optional(),
    api_key: apiKey.optional(),
  }),
  z.strictObject({
    provider: z.literal("openai"),
    model: modelName,
    base_url: baseUrl.optional(),
    api_key: apiKey.optional(),
  }),
  z.strictObject({
    provider: z.literal("openai-compatible"),
    model: modelName,
    base_url: baseUrl,
    api_key: apiKey.optional(),
  }),
  z.strictObject({
    provider: z.literal("scripted"),
    model: z.string().min(1).default("scripted"),
    script: ModelScript,
  }),
]);

export type ModelConfig = z.output<typeof ModelConfig>;
export type ModelConfigInput = z.input<typeof ModelConfig>;
export type ModelProviderName = ModelConfig["provider"];

/** Validates a config (from the store or an HTTP body); throws provider.config naming each problem. */
export function parseModelConfig(value: unknown): ModelConfig {
  const parsed = ModelConfig.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new GuildsError("provider.config", `Invalid model config: ${describeIssues(parsed.error)}.`);
}
