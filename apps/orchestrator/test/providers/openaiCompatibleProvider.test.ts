import { describe, expect, test } from "vitest";
import { createModelProvider } from "../../src/providers/createModelProvider.ts";
import { chatCompletionsProtocol } from "../fakes/fakeChatCompletionsProtocol.ts";
import type { RecordedRequest } from "../fakes/fakeModelServer.ts";
import { collectEvents, errorOf, generateFromText } from "./collectGeneration.ts";
import { describeConversationContract } from "./conversationContract.ts";
import { describeFailureContract } from "./failureContract.ts";
import { type RequestReader, useFakeServer } from "./realProviderCase.ts";

interface ChatMessage {
  role: string;
  content: string | null;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

const messages = (request: RecordedRequest) => request.body.messages as ChatMessage[];
const withRole = (request: RecordedRequest, role: string) =>
  messages(request).filter((message) => message.role === role);

const read: RequestReader = {
  system: (request) =>
    withRole(request, "system")
      .map((message) => message.content ?? "")
      .join(""),
  tools: (request) =>
    (
      request.body.tools as Array<{ function: { name: string; description: string; parameters: unknown } }>
    ).map((tool) => ({
      name: tool.function.name,
      description: tool.function.description,
      schema: tool.function.parameters,
    })),
  operatorTexts: (request) => withRole(request, "user").map((message) => message.content ?? ""),
  assistantToolCalls: (request) =>
    withRole(request, "assistant").flatMap((message) =>
      (message.tool_calls ?? []).map((call) => ({
        id: call.id,
        name: call.function.name,
        input: JSON.parse(call.function.arguments),
      })),
    ),
  toolResults: (request) =>
    withRole(request, "tool").map((message) => ({
      id: message.tool_call_id ?? "",
      text: message.content ?? "",
    })),
  apiKey: (request) => request.headers.authorization?.replace(/^Bearer /, ""),
};

const fake = useFakeServer({
  name: "openai-compatible (Chat Completions)",
  protocol: chatCompletionsProtocol,
  config: (baseUrl, apiKey) => ({
    provider: "openai-compatible",
    model: "qwen3:8b",
    base_url: baseUrl,
    api_key: apiKey,
  }),
  keyAdvice: /Set the secret OPENAI_API_KEY of the agent or its guild/,
  read,
});
describeConversationContract(fake);
describeFailureContract(fake);

describe("openai-compatible specifics", () => {
  const server = fake.server;

  test("a local server without a key gets no Authorization header, and is asked for the usage", async () => {
    server().enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["ok"] }] });
    const provider = createModelProvider({
      provider: "openai-compatible",
      model: "qwen3:8b",
      base_url: `${server().origin}/v1`,
    });
    await collectEvents(generateFromText(provider, "Hi."));
    const request = server().requests.at(-1);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toMatchObject({
      model: "qwen3:8b",
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  test("401 from a server that was given no key says to set one", async () => {
    server().enqueue({ type: "error", status: 401, message: "Invalid API Key" });
    const provider = createModelProvider(
      { provider: "openai-compatible", model: "qwen3:8b", base_url: `${server().origin}/v1` },
      { maxRetries: 0 },
    );
    const error = errorOf(await collectEvents(generateFromText(provider, "Hi.")));
    expect(error.code).toBe("provider.auth");
    expect(error.message).toBe(
      "The OpenAI-compatible server refused the API key (HTTP 401: Invalid API Key). " +
        "This server wants a key. Set the secret OPENAI_API_KEY of the agent or its guild " +
        "(the value on stdin: npx guilds secret set <guild>[/<agent>] OPENAI_API_KEY).",
    );
  });

  test("a base URL is required", () => {
    expect(() => createModelProvider({ provider: "openai-compatible", model: "qwen3:8b" } as never)).toThrow(
      /Invalid model config: base_url: /,
    );
  });
});
