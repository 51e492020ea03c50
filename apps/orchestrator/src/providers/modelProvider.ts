import type { GuildsError } from "@guilds/protocol/guildsError";
import type { ModelToolSchema } from "../tools/tool.ts";

/**
 * One generation: a model reads the system prompt, the conversation and the tools it may call, and
 * answers with text and tool calls. The provider never executes a tool: the run engine executes the
 * calls in sequence and starts the next generation with their results appended.
 */
export interface ModelProvider {
  /** "anthropic", "openai", "openai-compatible" or "scripted". */
  readonly provider: string;
  readonly model: string;
  /**
   * Streams the generation. The iterable never throws: it ends with exactly one terminal event,
   * `finish` or `error` (an abort ends it with `provider.cancelled`). Breaking out of the loop early
   * closes the request.
   */
  generate(input: GenerationInput): AsyncIterable<GenerationEvent>;
}

export interface GenerationInput {
  system: string;
  messages: readonly ConversationMessage[];
  tools: readonly ModelToolSchema[];
  abortSignal?: AbortSignal;
}

/** The conversation in our own terms, whichever provider reads it. */
export type ConversationMessage = OperatorMessage | AssistantMessage | ToolResultMessage;

/** What the operator wrote. */
export interface OperatorMessage {
  role: "operator";
  text: string;
}

/** What a model answered in one generation: its text (possibly empty) and the calls it asked for. */
export interface AssistantMessage {
  role: "assistant";
  text: string;
  toolCalls: readonly ModelToolCall[];
}

/** A tool call as the model wrote it. */
export interface ModelToolCall {
  /** The provider's call id (toolu_..., call_...); a tool result answers it by this id. */
  id: string;
  name: string;
  /**
   * The arguments as the model wrote them: JSON text, possibly invalid or not an object. Passed
   * through untouched so the tool layer answers with a result the model can act on.
   */
  args: string;
}

/** The text a tool call gave back (after the platform pipeline), answering the call with this id. */
export interface ToolResultMessage {
  role: "tool";
  id: string;
  name: string;
  text: string;
}

/** What a generation streams, in order. */
export type GenerationEvent =
  /** A piece of the assistant's text; the pieces concatenated are the whole text. */
  | { type: "text-delta"; text: string }
  /** A complete tool call, emitted once its arguments have fully arrived. */
  | ({ type: "tool-call" } & ModelToolCall)
  /** The model stopped; terminal. */
  | { type: "finish"; reason: FinishReason; usage: TokenUsage }
  /** The generation failed or was cancelled; terminal. */
  | { type: "error"; error: GuildsError };

/** Why the model stopped: "tool-calls" means it waits for the results of the calls it made. */
export type FinishReason = "stop" | "tool-calls" | "length" | "content-filter" | "other";

/** Token counts as the server reported them; null where it did not. */
export interface TokenUsage {
  /** Every prompt token, those read from the provider's prompt cache included. */
  inputTokens: number | null;
  outputTokens: number | null;
  /** The prompt tokens read from the provider's cache (billed at its cached-input price); absent or null when not reported. */
  cachedTokens?: number | null;
}
