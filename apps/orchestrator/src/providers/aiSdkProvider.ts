import { GuildsError } from "@guilds/protocol/guildsError";
import { type LanguageModel, type ModelMessage, streamText, type TextStreamPart, type ToolSet } from "ai";
import { classifyProviderError, type ServerDescription } from "./classifyProviderError.ts";
import type { FinishReason, GenerationEvent, GenerationInput, ModelProvider } from "./modelProvider.ts";
import { toModelMessages } from "./toModelMessages.ts";
import { toToolSet } from "./toToolSet.ts";

/** How a real provider is reached through the AI SDK; the rest is the same for all of them. */
export interface AiSdkProviderSpec {
  provider: string;
  languageModel: Exclude<LanguageModel, string>;
  server: ServerDescription;
  /**
   * Retries of a failed request (429, 5xx, network) before the error is reported; 401 and other
   * refusals are never retried.
   */
  maxRetries: number;
  /** How long the stream may send nothing before it counts as stalled. */
  idleTimeoutMs: number;
  /** Per-call options under the SDK provider's own key (`{ openai: { store: false } }`). */
  providerOptions?: Record<string, Record<string, string | number | boolean>>;
  /** A last say over the messages (Anthropic marks cache breakpoints on them). */
  prepareMessages?: (messages: ModelMessage[]) => ModelMessage[];
}

export function createAiSdkProvider(spec: AiSdkProviderSpec): ModelProvider {
  return {
    provider: spec.provider,
    model: spec.server.model,
    generate: (input) => streamGeneration(spec, input),
  };
}

async function* streamGeneration(
  spec: AiSdkProviderSpec,
  input: GenerationInput,
): AsyncGenerator<GenerationEvent> {
  const callerSignal = input.abortSignal;
  if (callerSignal?.aborted === true) {
    yield { type: "error", error: classifyProviderError(callerSignal.reason, spec.server, callerSignal) };
    return;
  }
  // Aborted on every way out, so a consumer that stops reading also closes the HTTP request.
  const request = new AbortController();
  const abortSignal =
    callerSignal === undefined ? request.signal : AbortSignal.any([callerSignal, request.signal]);
  const idle = idleWatch(spec.idleTimeoutMs, () => request.abort());
  try {
    const messages = toModelMessages(input.messages);
    const result = streamText({
      model: spec.languageModel,
      system: input.system,
      messages: spec.prepareMessages === undefined ? messages : spec.prepareMessages(messages),
      tools: toToolSet(input.tools),
      maxRetries: spec.maxRetries,
      abortSignal,
      providerOptions: spec.providerOptions,
      // Errors arrive as stream parts below; the default handler would print them to the console.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (idle.stalled) break;
      const event = toGenerationEvent(part, spec, callerSignal);
      if (event !== undefined) {
        // The consumer's own time (storing the event, say) is not the server's silence.
        idle.stop();
        yield event;
        if (event.type === "finish" || event.type === "error") return;
      }
      idle.restart();
    }
    yield { type: "error", error: idle.stalled ? stalled(spec) : endedEarly(spec, callerSignal) };
  } catch (error) {
    const failure = idle.stalled ? stalled(spec) : classifyProviderError(error, spec.server, callerSignal);
    yield { type: "error", error: failure };
  } finally {
    idle.stop();
    request.abort();
  }
}

function toGenerationEvent(
  part: TextStreamPart<ToolSet>,
  spec: AiSdkProviderSpec,
  callerSignal: AbortSignal | undefined,
): GenerationEvent | undefined {
  switch (part.type) {
    case "text-delta":
      return part.text === "" ? undefined : { type: "text-delta", text: part.text };
    case "tool-call":
      return { type: "tool-call", id: part.toolCallId, name: part.toolName, args: rawArgs(part) };
    case "finish":
      if (part.finishReason === "error") return { type: "error", error: endedEarly(spec, callerSignal) };
      return {
        type: "finish",
        reason: finishReason(part.finishReason),
        usage: {
          inputTokens: part.totalUsage.inputTokens ?? null,
          outputTokens: part.totalUsage.outputTokens ?? null,
          cachedTokens: part.totalUsage.inputTokenDetails?.cacheReadTokens ?? null,
        },
      };
    case "error":
      return { type: "error", error: classifyProviderError(part.error, spec.server, callerSignal) };
    case "abort":
      return { type: "error", error: classifyProviderError(part.reason, spec.server, callerSignal) };
    default:
      return undefined;
  }
}

/**
 * The arguments as JSON text. The SDK parses them first: a call whose text is not JSON comes back
 * marked invalid with the text itself as its input, which is passed on untouched.
 */
function rawArgs(part: Extract<TextStreamPart<ToolSet>, { type: "tool-call" }>): string {
  if (part.invalid === true && typeof part.input === "string") return part.input;
  return JSON.stringify(part.input) ?? "";
}

function finishReason(reason: string): FinishReason {
  switch (reason) {
    case "stop":
    case "tool-calls":
    case "length":
    case "content-filter":
      return reason;
    default:
      return "other";
  }
}

function endedEarly(spec: AiSdkProviderSpec, callerSignal: AbortSignal | undefined): GuildsError {
  if (callerSignal?.aborted === true)
    return classifyProviderError(callerSignal.reason, spec.server, callerSignal);
  return new GuildsError(
    "provider.error",
    `The stream from ${spec.server.name} ended before the model finished. Try again.`,
  );
}

function stalled(spec: AiSdkProviderSpec): GuildsError {
  const seconds = spec.idleTimeoutMs / 1000;
  return new GuildsError(
    "provider.error",
    `No data from ${spec.server.name} for ${seconds} s: the generation was stopped. Try again.`,
  );
}

/** Calls `onStall` once nothing has happened for `timeoutMs` since the last restart. */
function idleWatch(timeoutMs: number, onStall: () => void) {
  let timer: NodeJS.Timeout | undefined;
  const watch = {
    stalled: false,
    restart() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        watch.stalled = true;
        onStall();
      }, timeoutMs);
    },
    stop: () => clearTimeout(timer),
  };
  watch.restart();
  return watch;
}
