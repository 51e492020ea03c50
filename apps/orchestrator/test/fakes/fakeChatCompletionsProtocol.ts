import { DEFAULT_USAGE, type FakeProtocol } from "./fakeModelServer.ts";

const writeStream: FakeProtocol["writeStream"] = async (events, reply, request) => {
  const base = {
    id: `chatcmpl-fake-${Date.now()}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: request.body.model,
  };
  const sendDelta = (delta: Record<string, unknown>, finish_reason: string | null = null) =>
    events.send(undefined, { ...base, choices: [{ index: 0, delta, finish_reason }] });

  await sendDelta({ role: "assistant", content: "" });
  let toolIndex = 0;
  for (const block of reply.blocks) {
    if (block.type === "text") {
      for (const content of block.chunks) await sendDelta({ content });
      continue;
    }
    const index = toolIndex++;
    const start = { index, id: block.id, type: "function", function: { name: block.name, arguments: "" } };
    await sendDelta({ tool_calls: [start] });
    for (const piece of block.argChunks)
      await sendDelta({ tool_calls: [{ index, function: { arguments: piece } }] });
  }
  if (reply.hang) return;
  if (reply.streamError !== undefined) {
    await events.send(undefined, { error: { code: 500, message: reply.streamError, type: "server_error" } });
    return;
  }
  await sendDelta({}, toolIndex > 0 ? "tool_calls" : "stop");
  const streamOptions = request.body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage === true) {
    const usage = reply.usage ?? DEFAULT_USAGE;
    await events.send(undefined, {
      ...base,
      choices: [],
      usage: {
        prompt_tokens: usage.inputTokens,
        completion_tokens: usage.outputTokens,
        total_tokens: usage.inputTokens + usage.outputTokens,
        ...(usage.cachedTokens === undefined
          ? {}
          : { prompt_tokens_details: { cached_tokens: usage.cachedTokens } }),
      },
    });
  }
  await events.sendRaw("[DONE]");
};

const errorBody: FakeProtocol["errorBody"] = (reply) => {
  const type =
    reply.status === 401
      ? "authentication_error"
      : reply.status >= 500
        ? "server_error"
        : "invalid_request_error";
  return { error: { code: reply.status, message: reply.message, type } };
};

/**
 * An OpenAI-compatible Chat Completions server (POST /v1/chat/completions), the way llama.cpp,
 * vLLM and Ollama stream: `data: {choices:[{delta:{content | tool_calls}}]}` chunks, a last chunk
 * with the finish_reason, a usage chunk when stream_options.include_usage asks for it, then
 * `data: [DONE]`. Errors are llama.cpp's error JSON. The SDK's base URL for it is `${origin}/v1`.
 */
export const chatCompletionsProtocol: FakeProtocol = { path: "/v1/chat/completions", writeStream, errorBody };
