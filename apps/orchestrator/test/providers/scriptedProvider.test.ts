import { describe, expect, test } from "vitest";
import { createModelProvider } from "../../src/providers/createModelProvider.ts";
import type {
  ConversationMessage,
  GenerationEvent,
  ModelProvider,
  ModelToolCall,
} from "../../src/providers/modelProvider.ts";
import type { ModelScriptInput } from "../../src/providers/modelScript.ts";
import { codeToolSchemas } from "../../src/tools/registry.ts";
import { collectEvents, errorOf, terminalEvent, textOf, toolCallsOf } from "./collectGeneration.ts";

const script: ModelScriptInput = {
  steps: [
    {
      type: "reply",
      text: "Looking around first.",
      tool_calls: [{ name: "shell", args: { command: "ls" } }],
    },
    {
      type: "reply",
      tool_calls: [
        { name: "file_read", args: { path: "README.md" } },
        { name: "code_search", args: '{"query": ' },
      ],
    },
    { type: "reply", text: "All read." },
  ],
  final_text: "Nothing more to do.",
};

const scripted = (input: ModelScriptInput = script): ModelProvider =>
  createModelProvider({ provider: "scripted", script: input });

/** Plays one generation, then appends what it answered (and a result per call) to the history. */
async function playTurn(provider: ModelProvider, history: ConversationMessage[], abortSignal?: AbortSignal) {
  const events = await collectEvents(
    provider.generate({ system: "demo", messages: history, tools: codeToolSchemas(), abortSignal }),
  );
  const toolCalls: ModelToolCall[] = toolCallsOf(events).map(({ id, name, args }) => ({ id, name, args }));
  history.push({ role: "assistant", text: textOf(events), toolCalls });
  for (const call of toolCalls) history.push({ role: "tool", id: call.id, name: call.name, text: "result" });
  return events;
}

describe("the scripted provider", () => {
  test("plays its steps in order across generations, then answers its final text", async () => {
    const provider = scripted();
    const history: ConversationMessage[] = [{ role: "operator", text: "Show me." }];

    const first = await playTurn(provider, history);
    expect(textOf(first)).toBe("Looking around first.");
    expect(first.filter((event) => event.type === "text-delta").length).toBeGreaterThan(1);
    expect(toolCallsOf(first)).toEqual([
      { type: "tool-call", id: "scripted_1_1", name: "shell", args: '{"command":"ls"}' },
    ]);
    expect(terminalEvent(first)).toMatchObject({ type: "finish", reason: "tool-calls" });

    const second = await playTurn(provider, history);
    expect(textOf(second)).toBe("");
    expect(toolCallsOf(second).map(({ id, name, args }) => [id, name, args])).toEqual([
      ["scripted_2_1", "file_read", '{"path":"README.md"}'],
      ["scripted_2_2", "code_search", '{"query": '],
    ]);

    const third = await playTurn(provider, history);
    expect(third).toEqual<GenerationEvent[]>([
      { type: "text-delta", text: "All " },
      { type: "text-delta", text: "read." },
      {
        type: "finish",
        reason: "stop",
        usage: { inputTokens: null, outputTokens: null, cachedTokens: null },
      },
    ]);

    for (let extra = 0; extra < 2; extra += 1) {
      const afterTheEnd = await playTurn(provider, history);
      expect(textOf(afterTheEnd)).toBe("Nothing more to do.");
      expect(toolCallsOf(afterTheEnd)).toEqual([]);
      expect(terminalEvent(afterTheEnd)).toMatchObject({ type: "finish", reason: "stop" });
    }
  });

  test("each operator message starts the script over, with call ids still unique", async () => {
    const provider = scripted();
    const history: ConversationMessage[] = [{ role: "operator", text: "Show me." }];
    await playTurn(provider, history);
    await playTurn(provider, history);
    history.push({ role: "operator", text: "Again." });
    const restarted = await playTurn(provider, history);
    expect(textOf(restarted)).toBe("Looking around first.");
    expect(toolCallsOf(restarted)[0]?.id).toBe("scripted_3_1");
  });

  test("an empty script answers its final text at once", async () => {
    const events = await playTurn(scripted({ steps: [] }), [{ role: "operator", text: "Hi." }]);
    expect(textOf(events)).toBe("The script has no more steps.");
    expect(terminalEvent(events)).toMatchObject({ type: "finish", reason: "stop" });
  });

  test("a reply's usage is what its finish reports, as a real provider's would be", async () => {
    const provider = scripted({
      steps: [
        {
          type: "reply",
          text: "Counted.",
          usage: { input_tokens: 1200, output_tokens: 80, cached_tokens: 1000 },
        },
        { type: "reply", text: "Half counted.", usage: { output_tokens: 5 } },
      ],
    });
    const history: ConversationMessage[] = [{ role: "operator", text: "Hi." }];
    expect(terminalEvent(await playTurn(provider, history))).toEqual({
      type: "finish",
      reason: "stop",
      usage: { inputTokens: 1200, outputTokens: 80, cachedTokens: 1000 },
    });
    expect(terminalEvent(await playTurn(provider, history))).toEqual({
      type: "finish",
      reason: "stop",
      usage: { inputTokens: null, outputTokens: 5, cachedTokens: null },
    });
  });

  test("a script whose usage has more cached tokens than input tokens is refused, saying why", () => {
    expect(() =>
      createModelProvider({
        provider: "scripted",
        script: { steps: [{ type: "reply", text: "x", usage: { input_tokens: 10, cached_tokens: 11 } }] },
      }),
    ).toThrow(/script\.steps\[0\]\.usage: cached_tokens are part of input_tokens: they cannot be more/);
  });

  test("an error step fails the generation with its code and message", async () => {
    const provider = scripted({
      steps: [{ type: "error", code: "provider.rate_limited", message: "Scripted limit." }],
    });
    const error = errorOf(await playTurn(provider, [{ role: "operator", text: "Hi." }]));
    expect(error).toMatchObject({ code: "provider.rate_limited", message: "Scripted limit." });
  });

  test("a wait_for_cancel step streams its text, then waits until the abort", async () => {
    const provider = scripted({ steps: [{ type: "wait_for_cancel", text: "Working on it." }] });
    const controller = new AbortController();
    const events: GenerationEvent[] = [];
    const generation = provider.generate({
      system: "demo",
      messages: [{ role: "operator", text: "Work." }],
      tools: [],
      abortSignal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    for await (const event of generation) events.push(event);
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
    expect(textOf(events)).toBe("Working on it.");
    expect(errorOf(events).code).toBe("provider.cancelled");
  });

  test("a wait_for_cancel step without an abort signal fails rather than hang", async () => {
    const provider = scripted({ steps: [{ type: "wait_for_cancel" }] });
    const error = errorOf(await playTurn(provider, [{ role: "operator", text: "Work." }]));
    expect(error.code).toBe("provider.config");
  });

  test("a generation cancelled before it starts plays nothing", async () => {
    const events = await playTurn(scripted(), [{ role: "operator", text: "Hi." }], AbortSignal.abort());
    expect(events).toEqual([
      { type: "error", error: expect.objectContaining({ code: "provider.cancelled" }) },
    ]);
  });

  test("a step's delay is cut short by a cancel", async () => {
    const provider = scripted({ steps: [{ type: "reply", text: "Late.", delay_ms: 60_000 }] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = performance.now();
    const events = await playTurn(provider, [{ role: "operator", text: "Hi." }], controller.signal);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(events).toEqual([
      { type: "error", error: expect.objectContaining({ code: "provider.cancelled" }) },
    ]);
  });
});
