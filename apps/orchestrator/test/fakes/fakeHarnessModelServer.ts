import { anthropicProtocol } from "./fakeAnthropicProtocol.ts";
import { geminiProtocol } from "./fakeGeminiProtocol.ts";
import { type FakeModelServer, startFakeModelServerOf } from "./fakeModelServer.ts";
import { openAIResponsesProtocol } from "./fakeOpenAIResponsesProtocol.ts";

/**
 * The model server the real harness CLIs talk to in tests, on 127.0.0.1: Claude Code's Messages
 * calls (with their ?beta=true), Codex's Responses calls and the Gemini CLI's streamGenerateContent.
 * A call with nothing queued gets a short text, so a CLI's extra calls never hang a test.
 */
export function startFakeHarnessModelServer(): Promise<FakeModelServer> {
  return startFakeModelServerOf(
    [
      { ...anthropicProtocol, matches: (requestPath) => requestPath.split("?")[0] === "/v1/messages" },
      { ...openAIResponsesProtocol, matches: (requestPath) => requestPath.split("?")[0] === "/v1/responses" },
      geminiProtocol,
    ],
    { whenEmpty: { type: "stream", blocks: [{ type: "text", chunks: ["Nothing more to do."] }] } },
  );
}
