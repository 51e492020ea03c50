import { z } from "zod";

/*
 * The scripted provider's script, stored per agent as JSON. Each generation plays the next step;
 * the position is the number of assistant turns since the operator's last message, so every
 * operator message starts the script from the top, and a restarted server resumes where it was.
 * Past the last step a generation answers `final_text` with no tool calls, which ends the run.
 * Tool call arguments are an object, or a string sent verbatim as the raw JSON text: the second
 * step below sends invalid JSON on purpose, to see the tool layer answer it.
 *
 * ```json
 * {
 *   "steps": [
 *     { "type": "reply", "text": "Looking around.", "tool_calls": [{ "name": "shell", "args": { "command": "ls" } }] },
 *     { "type": "reply", "tool_calls": [{ "name": "file_read", "args": "{\"path\": " }] },
 *     { "type": "reply", "text": "Now a long wait.", "delay_ms": 500,
 *       "usage": { "input_tokens": 1200, "output_tokens": 80, "cached_tokens": 1000 } },
 *     { "type": "wait_for_cancel", "text": "Working until you cancel." },
 *     { "type": "error", "code": "provider.rate_limited", "message": "Scripted rate limit." }
 *   ],
 *   "final_text": "Done."
 * }
 * ```
 */

export const SCRIPT_MAX_STEPS = 1000;
export const SCRIPT_MAX_DELAY_MS = 60_000;
export const DEFAULT_FINAL_TEXT = "The script has no more steps.";

const ScriptedToolCall = z.strictObject({
  name: z.string().min(1).describe("The tool to call, as offered to the model (shell, file_read, ...)."),
  args: z
    .union([z.record(z.string(), z.unknown()), z.string()], {
      error: "expected an object of arguments, or their raw JSON text as a string",
    })
    .default({})
    .describe("An object is sent as its JSON; a string is sent verbatim as the raw JSON text, even invalid."),
});

const delayMs = z
  .int()
  .min(0)
  .max(SCRIPT_MAX_DELAY_MS)
  .default(0)
  .describe("Milliseconds to wait before the step plays; a cancel ends the wait.");

const tokenCount = z.int().min(0).nullable().default(null);

/** The token counts a reply reports, as a real provider would; without it a reply reports none (null). */
const ScriptedUsage = z
  .strictObject({
    input_tokens: tokenCount.describe("Every prompt token, the cached ones included."),
    output_tokens: tokenCount,
    cached_tokens: tokenCount.describe("The prompt tokens read from the cache."),
  })
  .refine(
    (usage) =>
      usage.cached_tokens === null ||
      usage.input_tokens === null ||
      usage.cached_tokens <= usage.input_tokens,
    { message: "cached_tokens are part of input_tokens: they cannot be more" },
  );

const ReplyStep = z
  .strictObject({
    type: z.literal("reply"),
    text: z.string().default(""),
    tool_calls: z.array(ScriptedToolCall).default([]),
    delay_ms: delayMs,
    usage: ScriptedUsage.optional(),
  })
  .refine((step) => step.text !== "" || step.tool_calls.length > 0, {
    message: "a reply needs text, tool_calls or both",
  })
  .describe("Streams its text, then makes its tool calls; finishes with tool-calls when it made any.");

const WaitForCancelStep = z
  .strictObject({
    type: z.literal("wait_for_cancel"),
    text: z.string().default(""),
    delay_ms: delayMs,
  })
  .describe("Streams its text, then waits until the generation is cancelled.");

const ErrorStep = z
  .strictObject({
    type: z.literal("error"),
    code: z.enum([
      "provider.auth",
      "provider.unreachable",
      "provider.rate_limited",
      "provider.rejected",
      "provider.error",
    ]),
    message: z.string().min(1),
    delay_ms: delayMs,
  })
  .describe("Fails the generation with this error, as a real provider would.");

export const ScriptStep = z.discriminatedUnion("type", [ReplyStep, WaitForCancelStep, ErrorStep]);

/** A script: the steps, one per generation, and the text that answers once they are played. */
export const ModelScript = z.strictObject({
  steps: z.array(ScriptStep).max(SCRIPT_MAX_STEPS),
  final_text: z.string().min(1).default(DEFAULT_FINAL_TEXT),
});

export type ModelScript = z.output<typeof ModelScript>;
export type ModelScriptInput = z.input<typeof ModelScript>;
export type ScriptStep = z.output<typeof ScriptStep>;
