import { GuildsError } from "@guilds/protocol/guildsError";
import { describe, expect, test } from "vitest";
import { parseModelConfig } from "../../src/providers/modelConfig.ts";
import { parseModelScript } from "../../src/providers/modelScript.ts";

/** The thrown error's message, or a failure when nothing was thrown. */
function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(GuildsError);
    expect(error).toMatchObject({ code: "provider.config", status: 400 });
    return (error as Error).message;
  }
  throw new Error("expected the value to be refused");
}

describe("the script format", () => {
  test("defaults: no text, no calls, no delay, arguments {}, the stock final text", () => {
    expect(parseModelScript({ steps: [{ type: "reply", tool_calls: [{ name: "shell_status" }] }] })).toEqual({
      steps: [{ type: "reply", text: "", tool_calls: [{ name: "shell_status", args: {} }], delay_ms: 0 }],
      final_text: "The script has no more steps.",
    });
  });

  test("each problem is named by its place in the script", () => {
    expect(
      refusal(() =>
        parseModelScript({
          steps: [
            { type: "reply", text: "ok" },
            { type: "reply", tool_calls: [{ name: "", args: 3 }] },
            { type: "sleep" },
          ],
        }),
      ),
    ).toMatchInlineSnapshot(
      `"Invalid model script: steps[1].tool_calls[0].name: Too small: expected string to have >=1 characters; steps[1].tool_calls[0].args: expected an object of arguments, or their raw JSON text as a string; steps[2].type: Invalid discriminator value. Expected 'reply' | 'wait_for_cancel' | 'error'."`,
    );
  });

  test("a reply with neither text nor calls, an unknown field, a delay too long, an unknown code", () => {
    expect(refusal(() => parseModelScript({ steps: [{ type: "reply" }] }))).toContain(
      "steps[0]: a reply needs text, tool_calls or both",
    );
    expect(
      refusal(() => parseModelScript({ steps: [{ type: "reply", text: "a", toolCalls: [] }] })),
    ).toContain('steps[0]: Unrecognized key: "toolCalls"');
    expect(
      refusal(() => parseModelScript({ steps: [{ type: "reply", text: "a", delay_ms: 60_001 }] })),
    ).toContain("steps[0].delay_ms: Too big");
    expect(
      refusal(() => parseModelScript({ steps: [{ type: "error", code: "nope", message: "x" }] })),
    ).toContain("steps[0].code: Invalid option");
    expect(refusal(() => parseModelScript([]))).toContain("(top level): Invalid input: expected object");
  });
});

describe("the model config", () => {
  test("each provider's fields", () => {
    expect(parseModelConfig({ provider: "anthropic", model: "claude-sonnet-4-5" })).toEqual({
      provider: "anthropic",
      model: "claude-sonnet-4-5",
    });
    expect(
      parseModelConfig({
        provider: "openai-compatible",
        model: "qwen3:8b",
        base_url: "http://127.0.0.1:11434/v1",
      }),
    ).toMatchObject({ base_url: "http://127.0.0.1:11434/v1" });
    expect(parseModelConfig({ provider: "scripted", script: { steps: [] } })).toMatchObject({
      model: "scripted",
    });
  });

  test("refusals name the field", () => {
    expect(refusal(() => parseModelConfig({ provider: "gemini", model: "x" }))).toBe(
      "Invalid model config: provider: Invalid discriminator value. Expected 'anthropic' | 'openai' | 'openai-compatible' | 'scripted'.",
    );
    expect(refusal(() => parseModelConfig({ provider: "openai", model: "" }))).toContain("model: Too small");
    expect(
      refusal(() => parseModelConfig({ provider: "openai", model: "gpt-5", base_url: "ftp://x" })),
    ).toContain("base_url: Invalid URL");
    expect(
      refusal(() => parseModelConfig({ provider: "anthropic", model: "c", baseUrl: "http://x" })),
    ).toContain('Unrecognized key: "baseUrl"');
    expect(refusal(() => parseModelConfig({ provider: "scripted", script: { steps: [{}] } }))).toContain(
      "script.steps[0].type: Invalid discriminator value.",
    );
  });
});
