import { describe, expect, test } from "vitest";
import { createModelProvider } from "../../src/providers/createModelProvider.ts";
import type { RecordedRequest } from "../fakes/fakeModelServer.ts";
import { openAIResponsesProtocol } from "../fakes/fakeOpenAIResponsesProtocol.ts";
import { collectEvents, generateFromText } from "./collectGeneration.ts";
import { describeConversationContract } from "./conversationContract.ts";
import { describeFailureContract } from "./failureContract.ts";
import { API_KEY, type RequestReader, useFakeServer } from "./realProviderCase.ts";

interface ResponsesInputItem {
  type?: string;
  role?: string;
  content?: string | Array<{ type: string; text: string }>;
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: string;
}

const input = (request: RecordedRequest) => request.body.input as ResponsesInputItem[];

const read: RequestReader = {
  system: (request) =>
    input(request)
      .filter((item) => item.role === "system" || item.role === "developer")
      .map((item) => String(item.content))
      .join(""),
  tools: (request) =>
    (request.body.tools as Array<{ name: string; description: string; parameters: unknown }>).map((tool) => ({
      name: tool.name,
      description: tool.description,
      schema: tool.parameters,
    })),
  operatorTexts: (request) =>
    input(request)
      .filter((item) => item.role === "user")
      .flatMap((item) => (Array.isArray(item.content) ? item.content.map((part) => part.text) : [])),
  assistantToolCalls: (request) =>
    input(request)
      .filter((item) => item.type === "function_call")
      .map((item) => ({
        id: item.call_id ?? "",
        name: item.name ?? "",
        input: JSON.parse(item.arguments ?? ""),
      })),
  toolResults: (request) =>
    input(request)
      .filter((item) => item.type === "function_call_output")
      .map((item) => ({ id: item.call_id ?? "", text: item.output ?? "" })),
  apiKey: (request) => request.headers.authorization?.replace(/^Bearer /, ""),
};

const fake = useFakeServer({
  name: "openai (Responses API)",
  protocol: openAIResponsesProtocol,
  config: (baseUrl, apiKey) => ({ provider: "openai", model: "gpt-5", base_url: baseUrl, api_key: apiKey }),
  keyAdvice:
    /secret OPENAI_API_KEY of the agent or its guild .*, or OPENAI_API_KEY in the server's environment/,
  read,
});
describeConversationContract(fake);
describeFailureContract(fake);

describe("openai specifics", () => {
  test("the request is a streamed Responses call that asks OpenAI to store nothing", async () => {
    const server = fake.server();
    server.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["ok"] }] });
    const provider = createModelProvider(
      { provider: "openai", model: "gpt-5", base_url: `${server.origin}/v1`, api_key: API_KEY },
      { environment: {} },
    );
    await collectEvents(generateFromText(provider, "Hi."));
    expect(server.requests.at(-1)?.body).toMatchObject({ model: "gpt-5", stream: true, store: false });
  });

  test("without a key in the config or OPENAI_API_KEY the provider is not made", () => {
    expect(() => createModelProvider({ provider: "openai", model: "gpt-5" }, { environment: {} })).toThrow(
      /No OpenAI API key\. Set the secret OPENAI_API_KEY of the agent or its guild \(.*npx guilds secret set <guild>\[\/<agent>\] OPENAI_API_KEY\), or OPENAI_API_KEY in the server's environment\./,
    );
  });
});
