import { DEFAULT_USAGE, type FakeProtocol } from "./fakeModelServer.ts";

const writeStream: FakeProtocol["writeStream"] = async (events, reply, request) => {
  const usage = reply.usage ?? DEFAULT_USAGE;
  await events.send("message_start", {
    type: "message_start",
    message: {
      id: `msg_fake_${Date.now()}`,
      type: "message",
      role: "assistant",
      model: request.body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      // Anthropic's input_tokens counts only the prompt's uncached part.
      usage: {
        input_tokens: usage.inputTokens - (usage.cachedTokens ?? 0),
        output_tokens: 1,
        ...(usage.cachedTokens === undefined ? {} : { cache_read_input_tokens: usage.cachedTokens }),
      },
    },
  });
  await events.send("ping", { type: "ping" });
  for (const [index, block] of reply.blocks.entries()) {
    const start =
      block.type === "text"
        ? { type: "text", text: "" }
        : { type: "tool_use", id: block.id, name: block.name, input: {} };
    await events.send("content_block_start", { type: "content_block_start", index, content_block: start });
    const deltas =
      block.type === "text"
        ? block.chunks.map((text) => ({ type: "text_delta", text }))
        : block.argChunks.map((partial_json) => ({ type: "input_json_delta", partial_json }));
    for (const delta of deltas)
      await events.send("content_block_delta", { type: "content_block_delta", index, delta });
    await events.send("content_block_stop", { type: "content_block_stop", index });
  }
  if (reply.hang) return;
  if (reply.streamError !== undefined) {
    await events.send("error", {
      type: "error",
      error: { type: "overloaded_error", message: reply.streamError },
    });
    return;
  }
  const usesTools = reply.blocks.some((block) => block.type === "tool_call");
  await events.send("message_delta", {
    type: "message_delta",
    delta: { stop_reason: usesTools ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: usage.outputTokens },
  });
  await events.send("message_stop", { type: "message_stop" });
};

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

const errorBody: FakeProtocol["errorBody"] = (reply) => ({
  type: "error",
  error: { type: ERROR_TYPES[reply.status] ?? "api_error", message: reply.message },
});

/**
 * The Anthropic Messages API (POST /v1/messages) as it streams: message_start, ping, per block
 * content_block_start / content_block_delta (text_delta or input_json_delta) / content_block_stop,
 * then message_delta with the stop_reason and usage, and message_stop. Errors are Anthropic's error
 * JSON. The SDK's base URL for it is `${origin}/v1`.
 */
export const anthropicProtocol: FakeProtocol = { path: "/v1/messages", writeStream, errorBody };
