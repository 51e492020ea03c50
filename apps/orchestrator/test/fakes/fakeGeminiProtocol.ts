import {
  DEFAULT_USAGE,
  type FakeErrorReply,
  type FakeProtocol,
  type FakeStreamReply,
  type SseWriter,
} from "./fakeModelServer.ts";

/**
 * Gemini's streamGenerateContent (POST /v1beta/models/<model>:streamGenerateContent?alt=sse), as
 * the Gemini CLI reads it: one SSE data chunk per text piece or function call, the last one with
 * finishReason STOP and the usage. Errors are Google's error JSON.
 */
export const geminiProtocol: FakeProtocol = {
  path: "/v1beta/models/{model}:streamGenerateContent",
  matches: (requestPath) => /^\/v1beta\/models\/[^/:]+:streamGenerateContent(\?|$)/.test(requestPath),
  writeStream,
  errorBody,
};

async function writeStream(events: SseWriter, reply: FakeStreamReply): Promise<void> {
  const usage = reply.usage ?? DEFAULT_USAGE;
  const chunk = (parts: unknown[], last: boolean) => ({
    candidates: [
      { content: { role: "model", parts }, ...(last ? { finishReason: "STOP", index: 0 } : { index: 0 }) },
    ],
    ...(last
      ? {
          usageMetadata: {
            promptTokenCount: usage.inputTokens,
            candidatesTokenCount: usage.outputTokens,
            totalTokenCount: usage.inputTokens + usage.outputTokens,
          },
        }
      : {}),
  });
  const parts: unknown[] = [];
  for (const block of reply.blocks) {
    if (block.type === "text") parts.push(...block.chunks.map((text) => ({ text })));
    else parts.push({ functionCall: { name: block.name, args: JSON.parse(block.argChunks.join("")) } });
  }
  for (const [index, part] of parts.entries()) {
    await events.send(undefined, chunk([part], index === parts.length - 1 && !reply.hang));
  }
  if (parts.length === 0) await events.send(undefined, chunk([{ text: "" }], true));
}

function errorBody(reply: FakeErrorReply): unknown {
  const status =
    reply.status === 401 ? "UNAUTHENTICATED" : reply.status === 400 ? "INVALID_ARGUMENT" : "INTERNAL";
  return { error: { code: reply.status, message: reply.message, status } };
}
