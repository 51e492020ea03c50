import { GuildsError } from "@guilds/protocol/guildsError";
import { describe, expect, test } from "vitest";
import { createModelProvider } from "../../src/providers/createModelProvider.ts";
import { anthropicProtocol } from "../fakes/fakeAnthropicProtocol.ts";
import type { RecordedRequest } from "../fakes/fakeModelServer.ts";
import { collectEvents, generateFromText } from "./collectGeneration.ts";
import { describeConversationContract } from "./conversationContract.ts";
import { describeFailureContract } from "./failureContract.ts";
import { API_KEY, type RequestReader, useFakeServer } from "./realProviderCase.ts";

interface AnthropicBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: string | Array<{ type: string; text: string }>;
}
interface AnthropicMessage {
  role: string;
  content: AnthropicBlock[];
}

const messages = (request: RecordedRequest) => request.body.messages as AnthropicMessage[];
const blocks = (request: RecordedRequest, role: string) =>
  messages(request)
    .filter((message) => message.role === role)
    .flatMap((message) => message.content);

const read: RequestReader = {
  system: (request) => (request.body.system as Array<{ text: string }>).map((part) => part.text).join(""),
  tools: (request) =>
    (request.body.tools as Array<{ name: string; description: string; input_schema: unknown }>).map(
      (tool) => ({
        name: tool.name,
        description: tool.description,
        schema: tool.input_schema,
      }),
    ),
  operatorTexts: (request) =>
    blocks(request, "user").flatMap((block) => (block.type === "text" ? [block.text ?? ""] : [])),
  assistantToolCalls: (request) =>
    blocks(request, "assistant").flatMap((block) =>
      block.type === "tool_use" ? [{ id: block.id ?? "", name: block.name ?? "", input: block.input }] : [],
    ),
  toolResults: (request) =>
    blocks(request, "user").flatMap((block) =>
      block.type === "tool_result" ? [{ id: block.tool_use_id ?? "", text: resultText(block.content) }] : [],
    ),
  apiKey: (request) => request.headers["x-api-key"] as string | undefined,
};

function resultText(content: AnthropicBlock["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text).join("");
}

const fake = useFakeServer({
  name: "anthropic",
  protocol: anthropicProtocol,
  config: (baseUrl, apiKey) => ({
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    base_url: baseUrl,
    api_key: apiKey,
  }),
  keyAdvice:
    /secret ANTHROPIC_API_KEY of the agent or its guild .*, or ANTHROPIC_API_KEY in the server's environment/,
  read,
});
describeConversationContract(fake);
describeFailureContract(fake);

describe("anthropic specifics", () => {
  test("the request is a streamed Messages call with the version header and a cache breakpoint at the end", async () => {
    const server = fake.server();
    server.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["ok"] }] });
    const provider = createModelProvider(
      {
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        base_url: `${server.origin}/v1`,
        api_key: API_KEY,
      },
      { environment: {} },
    );
    await collectEvents(generateFromText(provider, "Hi."));
    const request = server.requests.at(-1);
    expect(request?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(request?.body).toMatchObject({ model: "claude-sonnet-4-5", stream: true });
    const last = request === undefined ? undefined : messages(request).at(-1)?.content.at(-1);
    expect(last).toMatchObject({ cache_control: { type: "ephemeral" } });
  });

  test("the key falls back to ANTHROPIC_API_KEY, and without any key the provider is not made", async () => {
    const server = fake.server();
    server.enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["ok"] }] });
    const config = {
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      base_url: `${server.origin}/v1`,
    } as const;
    const fromEnvironment = createModelProvider(config, { environment: { ANTHROPIC_API_KEY: "from-env" } });
    await collectEvents(generateFromText(fromEnvironment, "Hi."));
    expect(server.requests.at(-1)?.headers["x-api-key"]).toBe("from-env");

    const missing = () => createModelProvider(config, { environment: {} });
    expect(missing).toThrow(GuildsError);
    expect(missing).toThrow(expect.objectContaining({ code: "provider.auth" }));
    expect(missing).toThrow(
      "No Anthropic API key. Set the secret ANTHROPIC_API_KEY of the agent or its guild (the value on stdin: " +
        "npx guilds secret set <guild>[/<agent>] ANTHROPIC_API_KEY), or ANTHROPIC_API_KEY in the server's environment.",
    );
  });
});
