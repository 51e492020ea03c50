import { setTimeout as sleep } from "node:timers/promises";
import { GuildsError } from "@guilds/protocol/guildsError";
import type {
  ConversationMessage,
  GenerationEvent,
  GenerationInput,
  ModelProvider,
  TokenUsage,
} from "./modelProvider.ts";
import type { ModelScript, ScriptStep } from "./modelScript.ts";

/**
 * Plays a fixed script, one step per generation (see modelScript.ts for the format), for tests and
 * the demo. It keeps no state: the position comes from the conversation it is given.
 */
export function createScriptedProvider(script: ModelScript, model = "scripted"): ModelProvider {
  return { provider: "scripted", model, generate: (input) => playNextStep(script, input) };
}

async function* playNextStep(script: ModelScript, input: GenerationInput): AsyncGenerator<GenerationEvent> {
  const signal = input.abortSignal;
  if (signal?.aborted === true) {
    yield { type: "error", error: cancelled() };
    return;
  }
  const position = scriptPosition(input.messages);
  const step = script.steps[position.step];
  if (step === undefined) {
    yield* textDeltas(script.final_text);
    yield finish("stop");
    return;
  }
  if (!(await waitUnlessAborted(step.delay_ms, signal))) {
    yield { type: "error", error: cancelled() };
    return;
  }
  yield* playStep(step, position.turn, signal);
}

async function* playStep(
  step: ScriptStep,
  turn: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<GenerationEvent> {
  switch (step.type) {
    case "reply": {
      yield* textDeltas(step.text);
      for (const [index, call] of step.tool_calls.entries()) {
        const args = typeof call.args === "string" ? call.args : JSON.stringify(call.args);
        yield { type: "tool-call", id: `scripted_${turn}_${index + 1}`, name: call.name, args };
      }
      yield finish(step.tool_calls.length > 0 ? "tool-calls" : "stop", scriptedUsage(step.usage));
      return;
    }
    case "wait_for_cancel": {
      if (signal === undefined) {
        const message =
          "A wait_for_cancel step needs a generation that can be cancelled: pass an abortSignal.";
        yield { type: "error", error: new GuildsError("provider.config", message) };
        return;
      }
      yield* textDeltas(step.text);
      await untilAborted(signal);
      yield { type: "error", error: cancelled() };
      return;
    }
    case "error":
      yield { type: "error", error: new GuildsError(step.code, step.message) };
      return;
  }
}

/**
 * `step`: assistant turns since the operator's last message (each operator message starts the
 * script over). `turn`: this generation's number in the whole conversation, which keeps call ids
 * unique across restarts of the script.
 */
function scriptPosition(messages: readonly ConversationMessage[]): { step: number; turn: number } {
  let step = 0;
  let turns = 0;
  for (const message of messages) {
    if (message.role === "operator") step = 0;
    else if (message.role === "assistant") {
      step += 1;
      turns += 1;
    }
  }
  return { step, turn: turns + 1 };
}

/** The text in word-sized pieces, as a model would stream it. */
function* textDeltas(text: string): Generator<GenerationEvent> {
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) yield { type: "text-delta", text: piece };
}

const NO_USAGE: TokenUsage = { inputTokens: null, outputTokens: null, cachedTokens: null };

function finish(reason: "stop" | "tool-calls", usage: TokenUsage = NO_USAGE): GenerationEvent {
  return { type: "finish", reason, usage };
}

function scriptedUsage(usage: Extract<ScriptStep, { type: "reply" }>["usage"]): TokenUsage {
  if (usage === undefined) return NO_USAGE;
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cachedTokens: usage.cached_tokens,
  };
}

function cancelled(): GuildsError {
  return new GuildsError("provider.cancelled", "The generation was cancelled.");
}

/** False when the signal aborted first. */
async function waitUnlessAborted(milliseconds: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (milliseconds === 0) return true;
  try {
    await sleep(milliseconds, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}
