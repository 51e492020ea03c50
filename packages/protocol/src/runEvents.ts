import { z } from "zod";
import { TokenUsageView } from "./tokenUsage.ts";

/**
 * A run's events as its SSE streams send them (one stream per run, one per guild). Every payload is
 * already redacted when it is built: nothing secret is stored or sent.
 */

const Json = z.record(z.string(), z.unknown());

export const RunStatus = z.enum(["running", "completed", "failed", "cancelled", "interrupted"]);
export type RunStatus = z.infer<typeof RunStatus>;

export const MessageRole = z.enum(["operator", "assistant", "tool"]);
export type MessageRole = z.infer<typeof MessageRole>;

/** A tool call the model asked for, as stored on its assistant message. */
export const MessageToolCall = z.object({ id: z.string(), name: z.string(), arguments: z.unknown() });
export type MessageToolCall = z.infer<typeof MessageToolCall>;

/** How a call ended: failed also covers a result the model must act on (invalid arguments, a helper error). */
export const ToolCallStatus = z.enum(["completed", "failed", "cancelled", "interrupted"]);
export type ToolCallStatus = z.infer<typeof ToolCallStatus>;

export const RunStartedEvent = z.object({
  type: z.literal("run.started"),
  run_id: z.string(),
  agent_id: z.string(),
});

export const RunEndedEvent = z.object({
  type: z.literal("run.ended"),
  run_id: z.string(),
  status: RunStatus.exclude(["running"]),
  reason: z.string().optional(),
});

export const MessageCreatedEvent = z.object({
  type: z.literal("message.created"),
  run_id: z.string(),
  seq: z.number().int(),
  role: MessageRole,
  text: z.string().optional(),
  tool_calls: z.array(MessageToolCall).optional(),
  /** On a tool result: the call it answers. */
  tool_call_id: z.string().optional(),
});

/** An operator message sent while the run works: held until its next generation (see message.delivered). */
export const MessageQueuedEvent = z.object({
  type: z.literal("message.queued"),
  run_id: z.string(),
  /** The queued message's id, which its message.delivered names. */
  queued_id: z.string(),
  text: z.string(),
});

/**
 * A queued message became the run's operator message `seq` (its message.created comes just before),
 * read by the generation that starts next.
 */
export const MessageDeliveredEvent = z.object({
  type: z.literal("message.delivered"),
  run_id: z.string(),
  queued_id: z.string(),
  seq: z.number().int(),
});

export const GenerationStartedEvent = z.object({
  type: z.literal("generation.started"),
  run_id: z.string(),
  generation_seq: z.number().int(),
  /** The tools offered at this generation (the coding flag read live). */
  tools: z.array(z.string()),
});

export const GenerationEndedEvent = z.object({
  type: z.literal("generation.ended"),
  run_id: z.string(),
  generation_seq: z.number().int(),
  /** "tool_calls", "stop", "cancelled", "error", ... */
  finish_reason: z.string(),
  tool_calls: z.number().int(),
  /** The tokens the provider reported for it (absent from events stored before usage was kept). */
  usage: TokenUsageView.optional(),
  /** Its cost in US dollars from the price table when it ended; null when its model has no price. */
  cost_usd: z.number().nullable().optional(),
});

export const ToolStartedEvent = z.object({
  type: z.literal("tool.started"),
  run_id: z.string(),
  tool_call_id: z.string(),
  /** The model's id of the call (MessageToolCall.id on the assistant message that asked for it). */
  call_id: z.string(),
  name: z.string(),
  arguments: z.unknown(),
});

export const ToolFinishedEvent = z.object({
  type: z.literal("tool.finished"),
  run_id: z.string(),
  tool_call_id: z.string(),
  name: z.string(),
  status: ToolCallStatus,
  /** The result text as the model reads it: after redaction, the 64 KiB cap and the trailer. */
  result: z.string(),
  metadata: Json,
  /** On a repeated file_read: the earlier result's message seq. */
  repeat_of: z.number().int().optional(),
  /** The seq of the result's message (the "step N" of file_read). */
  seq: z.number().int(),
});

/** Live output of a running code_task: sent to subscribers, never stored. */
export const ToolProgressEvent = z.object({
  type: z.literal("tool.progress"),
  run_id: z.string(),
  tool_call_id: z.string(),
  lines: z.array(z.string()),
  session_id: z.string().nullable(),
});

export const RunEventPayload = z.discriminatedUnion("type", [
  RunStartedEvent,
  RunEndedEvent,
  MessageCreatedEvent,
  MessageQueuedEvent,
  MessageDeliveredEvent,
  GenerationStartedEvent,
  GenerationEndedEvent,
  ToolStartedEvent,
  ToolFinishedEvent,
  ToolProgressEvent,
]);
export type RunEventPayload = z.infer<typeof RunEventPayload>;
export type RunEventType = RunEventPayload["type"];
export type RunEventOf<T extends RunEventType> = Extract<RunEventPayload, { type: T }>;
/** The events that are stored (every one but tool.progress). */
export type StoredRunEventPayload = Exclude<RunEventPayload, { type: "tool.progress" }>;

/** One event as a subscriber receives it; `id` is the SSE id to resume after, null when not stored. */
export const RunEventEnvelope = z
  .object({
    id: z.number().int().nullable(),
    type: z.string(),
    run_id: z.string(),
    guild_id: z.string(),
    data: RunEventPayload,
    created_at: z.string(),
  })
  .meta({ id: "RunEvent" });
export type RunEventEnvelope = z.infer<typeof RunEventEnvelope>;
