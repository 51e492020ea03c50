import { describe, expect, test } from "vitest";
import type { ConversationMessage, GenerationEvent } from "../../src/providers/modelProvider.ts";
import { codeToolSchemas } from "../../src/tools/registry.ts";
import { collectEvents, generateFromText, terminalEvent, textOf, toolCallsOf } from "./collectGeneration.ts";
import { API_KEY, type FakeServerFixture, SYSTEM_PROMPT } from "./realProviderCase.ts";

/** What every real provider streams, and what it sends, over a conversation with tool calls. */
export function describeConversationContract({ testCase, server, provider, lastRequest }: FakeServerFixture) {
  describe(`${testCase.name}: a conversation against the fake server`, () => {
    test("a text-only turn streams its deltas in order, then finishes with the usage", async () => {
      server().enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Hel", "lo, ", "world."] }] });
      const events = await collectEvents(
        provider().generate({
          system: SYSTEM_PROMPT,
          messages: [{ role: "operator", text: "Say hello." }],
          tools: codeToolSchemas(),
        }),
      );
      expect(events).toEqual<GenerationEvent[]>([
        { type: "text-delta", text: "Hel" },
        { type: "text-delta", text: "lo, " },
        { type: "text-delta", text: "world." },
        { type: "finish", reason: "stop", usage: { inputTokens: 11, outputTokens: 7, cachedTokens: 0 } },
      ]);
      const request = lastRequest();
      expect(testCase.read.system(request)).toBe(SYSTEM_PROMPT);
      expect(testCase.read.operatorTexts(request)).toEqual(["Say hello."]);
      expect(testCase.read.apiKey(request)).toBe(API_KEY);
      expect(testCase.read.tools(request)).toEqual(
        codeToolSchemas().map((tool) => ({
          name: tool.name,
          description: tool.description,
          schema: tool.input_schema,
        })),
      );
    });

    test("a turn read partly from the prompt cache reports its cached tokens among its input tokens", async () => {
      server().enqueue({
        type: "stream",
        blocks: [{ type: "text", chunks: ["Cached."] }],
        usage: { inputTokens: 1200, outputTokens: 80, cachedTokens: 1000 },
      });
      const events = await collectEvents(generateFromText(provider(), "Again."));
      expect(terminalEvent(events)).toEqual({
        type: "finish",
        reason: "stop",
        usage: { inputTokens: 1200, outputTokens: 80, cachedTokens: 1000 },
      });
    });

    test("a tool call whose arguments stream in pieces arrives whole, after the text", async () => {
      server().enqueue({
        type: "stream",
        blocks: [
          { type: "text", chunks: ["Listing."] },
          {
            type: "tool_call",
            id: "call_list",
            name: "shell",
            argChunks: ['{"comm', 'and": "ls', ' -la", "timeout": 30}'],
          },
        ],
      });
      const events = await collectEvents(generateFromText(provider(), "List the files."));
      expect(textOf(events)).toBe("Listing.");
      const [call] = toolCallsOf(events);
      expect(call).toMatchObject({ id: "call_list", name: "shell" });
      expect(JSON.parse(call?.args ?? "")).toEqual({ command: "ls -la", timeout: 30 });
      expect(events.findIndex((event) => event.type === "tool-call")).toBeGreaterThan(0);
      expect(terminalEvent(events)).toMatchObject({ type: "finish", reason: "tool-calls" });
    });

    test("the follow-up turn sends the tool call and its result", async () => {
      server().enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Two files."] }] });
      const history: ConversationMessage[] = [
        { role: "operator", text: "List the files." },
        {
          role: "assistant",
          text: "Listing.",
          toolCalls: [{ id: "call_list", name: "shell", args: '{"command":"ls"}' }],
        },
        { role: "tool", id: "call_list", name: "shell", text: "a.txt\nb.txt\n[exit_code: 0]" },
      ];
      const events = await collectEvents(
        provider().generate({ system: SYSTEM_PROMPT, messages: history, tools: codeToolSchemas() }),
      );
      expect(textOf(events)).toBe("Two files.");
      const request = lastRequest();
      expect(testCase.read.assistantToolCalls(request)).toEqual([
        { id: "call_list", name: "shell", input: { command: "ls" } },
      ]);
      expect(testCase.read.toolResults(request)).toEqual([
        { id: "call_list", text: "a.txt\nb.txt\n[exit_code: 0]" },
      ]);
    });

    test("a tool call with invalid JSON arguments is passed through as written", async () => {
      const written = '{"path": "src/a.ts", "offset": ';
      server().enqueue({
        type: "stream",
        blocks: [
          {
            type: "tool_call",
            id: "call_bad",
            name: "file_read",
            argChunks: ['{"path": "src/a.ts", ', '"offset": '],
          },
        ],
      });
      const events = await collectEvents(generateFromText(provider(), "Read a.ts."));
      expect(toolCallsOf(events)).toEqual([
        { type: "tool-call", id: "call_bad", name: "file_read", args: written },
      ]);
      expect(terminalEvent(events).type).toBe("finish");

      server().enqueue({ type: "stream", blocks: [{ type: "text", chunks: ["Retrying."] }] });
      const followUp = await collectEvents(
        provider().generate({
          system: SYSTEM_PROMPT,
          messages: [
            { role: "operator", text: "Read a.ts." },
            {
              role: "assistant",
              text: "",
              toolCalls: [{ id: "call_bad", name: "file_read", args: written }],
            },
            {
              role: "tool",
              id: "call_bad",
              name: "file_read",
              text: "Invalid arguments for file_read: not JSON.",
            },
          ],
          tools: codeToolSchemas(),
        }),
      );
      expect(terminalEvent(followUp).type).toBe("finish");
      expect(testCase.read.assistantToolCalls(lastRequest())).toEqual([
        { id: "call_bad", name: "file_read", input: {} },
      ]);
    });
  });
}
