import { DEFAULT_USAGE, type FakeProtocol } from "./fakeModelServer.ts";

const writeStream: FakeProtocol["writeStream"] = async (events, reply, request) => {
  let sequence = 0;
  const send = (type: string, fields: Record<string, unknown>) =>
    events.send(type, { type, sequence_number: sequence++, ...fields });
  const response = {
    id: `resp_fake_${Date.now()}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model: request.body.model,
    output: [] as unknown[],
  };
  await send("response.created", { response: { ...response, status: "in_progress", usage: null } });
  await send("response.in_progress", { response: { ...response, status: "in_progress", usage: null } });
  for (const [output_index, block] of reply.blocks.entries()) {
    if (block.type === "text") {
      const item_id = `msg_fake_${output_index}`;
      const text = block.chunks.join("");
      const where = { item_id, output_index, content_index: 0 };
      const item = { id: item_id, type: "message", role: "assistant" };
      await send("response.output_item.added", {
        output_index,
        item: { ...item, status: "in_progress", content: [] },
      });
      await send("response.content_part.added", {
        ...where,
        part: { type: "output_text", text: "", annotations: [] },
      });
      for (const delta of block.chunks)
        await send("response.output_text.delta", { ...where, delta, logprobs: [] });
      await send("response.output_text.done", { ...where, text, logprobs: [] });
      const part = { type: "output_text", text, annotations: [] };
      await send("response.content_part.done", { ...where, part });
      const done = { ...item, status: "completed", content: [part] };
      response.output.push(done);
      await send("response.output_item.done", { output_index, item: done });
    } else {
      const item_id = `fc_fake_${output_index}`;
      const args = block.argChunks.join("");
      const item = { id: item_id, type: "function_call", call_id: block.id, name: block.name };
      await send("response.output_item.added", {
        output_index,
        item: { ...item, status: "in_progress", arguments: "" },
      });
      for (const delta of block.argChunks) {
        await send("response.function_call_arguments.delta", { item_id, output_index, delta });
      }
      await send("response.function_call_arguments.done", { item_id, output_index, arguments: args });
      const done = { ...item, status: "completed", arguments: args };
      response.output.push(done);
      await send("response.output_item.done", { output_index, item: done });
    }
  }
  if (reply.hang) return;
  if (reply.streamError !== undefined) {
    await send("error", { code: "server_error", message: reply.streamError, param: null });
    return;
  }
  const usage = reply.usage ?? DEFAULT_USAGE;
  await send("response.completed", {
    response: {
      ...response,
      status: "completed",
      usage: {
        input_tokens: usage.inputTokens,
        input_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
        output_tokens: usage.outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: usage.inputTokens + usage.outputTokens,
      },
    },
  });
};

const errorBody: FakeProtocol["errorBody"] = (reply) => {
  const [type, code] =
    reply.status === 401
      ? ["invalid_request_error", "invalid_api_key"]
      : reply.status === 429
        ? ["requests", "rate_limit_exceeded"]
        : reply.status >= 500
          ? ["server_error", null]
          : ["invalid_request_error", null];
  return { error: { message: reply.message, type, param: null, code } };
};

/**
 * The OpenAI Responses API (POST /v1/responses) as it streams: response.created, then per output
 * item output_item.added, its deltas (output_text.delta or function_call_arguments.delta) and their
 * .done, output_item.done, and response.completed with the usage. Errors are OpenAI's error JSON.
 * The SDK's base URL for it is `${origin}/v1`.
 */
export const openAIResponsesProtocol: FakeProtocol = { path: "/v1/responses", writeStream, errorBody };
