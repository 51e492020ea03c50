import { anthropicProtocol } from "./fakeAnthropicProtocol.ts";
import { geminiProtocol } from "./fakeGeminiProtocol.ts";
import { type FakeModelServer, type FakeProtocol, startFakeModelServerOf } from "./fakeModelServer.ts";
import { openAIResponsesProtocol } from "./fakeOpenAIResponsesProtocol.ts";

/**
 * The model server the real harness CLIs talk to in tests, on 127.0.0.1: Claude Code's Messages
 * calls (with their ?beta=true), Codex's Responses calls and the Gemini CLI's streamGenerateContent.
 * A call with nothing queued gets a short text, so a CLI's extra calls never hang a test.
 * `pathPrefix` ("/route") serves them under it too, for a base URL with a path of its own.
 */
export function startFakeHarnessModelServer(pathPrefix = ""): Promise<FakeModelServer> {
  const protocols: FakeProtocol[] = [
    { ...anthropicProtocol, matches: (requestPath) => requestPath.split("?")[0] === "/v1/messages" },
    { ...openAIResponsesProtocol, matches: (requestPath) => requestPath.split("?")[0] === "/v1/responses" },
    geminiProtocol,
  ];
  return startFakeModelServerOf(
    protocols.map((protocol) => underPrefix(protocol, pathPrefix)),
    { whenEmpty: { type: "stream", blocks: [{ type: "text", chunks: ["Nothing more to do."] }] } },
  );
}

function underPrefix(protocol: FakeProtocol, pathPrefix: string): FakeProtocol {
  if (pathPrefix === "") return protocol;
  const matches = protocol.matches ?? ((requestPath: string) => requestPath === protocol.path);
  return {
    ...protocol,
    matches: (requestPath) =>
      matches(requestPath.startsWith(`${pathPrefix}/`) ? requestPath.slice(pathPrefix.length) : requestPath),
  };
}
