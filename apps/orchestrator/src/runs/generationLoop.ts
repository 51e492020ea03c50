import type { RunEventOf } from "@guilds/protocol/runEvents";
import type { ModelProvider, ModelToolCall, TokenUsage } from "../providers/modelProvider.ts";
import type { Generation } from "../store/generationStore.ts";
import type { ModelToolSchema } from "../toolbox/code.ts";
import { offeredToolSchemas } from "../toolbox/offeredTools.ts";
import type { EngineDeps } from "./engineDeps.ts";
import { type GenerationContext, loadGenerationContext } from "./generationContext.ts";
import { type AssistantContent, conversationOf, eventToolCalls } from "./messageContent.ts";
import { endRun } from "./runEnd.ts";
import { systemPrompt } from "./systemPrompt.ts";
import { runToolCall } from "./toolCallStep.ts";

type RunEnd = Omit<RunEventOf<"run.ended">, "type" | "run_id">;

/**
 * Generations until the model stops calling tools, the budget is spent, the run is cancelled or the
 * model fails; then the run is ended and run.ended published. Never throws: a fault of ours fails
 * the run with its (redacted) message.
 */
export async function runGenerationLoop(deps: EngineDeps, runId: string, signal: AbortSignal): Promise<void> {
  let outcome: RunEnd;
  let redact = (text: string) => text;
  try {
    const run = await deps.store.runs.get(runId);
    // Ended before its loop began (a cancel between the operator's message and the launch).
    if (run.status !== "running") return;
    for (;;) {
      const context = await loadGenerationContext(deps.store, run.agentId);
      redact = (text) => context.redactor.redact(text);
      const step = await runGeneration(deps, context, runId, signal);
      if (step !== "continue") {
        outcome = step;
        break;
      }
    }
  } catch (caught) {
    const message = redact(caught instanceof Error ? caught.message : String(caught));
    deps.logger.error(`run ${runId} failed: ${message}`);
    outcome = { status: "failed", reason: message };
  }
  if (signal.aborted) outcome = { status: "cancelled", reason: "cancelled by the operator" };
  await endRun(deps, runId, outcome);
}

async function runGeneration(
  deps: EngineDeps,
  context: GenerationContext,
  runId: string,
  signal: AbortSignal,
): Promise<RunEnd | "continue"> {
  const { store, events } = deps;
  if (signal.aborted) return { status: "cancelled" };
  const provider = deps.providerFor(context.agent, context.secretEnv);
  const tools = context.agent.coding ? offeredToolSchemas() : [];
  const generation = await store.generations.start(runId, {
    model: `${provider.provider}:${provider.model}`,
  });
  await events.publish({
    type: "generation.started",
    run_id: runId,
    generation_seq: generation.seq,
    tools: tools.map((tool) => tool.name),
  });
  try {
    return await answerAndAct(deps, context, { runId, generation, provider, tools, signal });
  } catch (caught) {
    // A fault of ours mid-generation: the generation does not stay "running" (ending it twice is a no-op).
    const message = context.redactor.redact(caught instanceof Error ? caught.message : String(caught));
    await store.generations.end(generation.id, { status: "failed", error: message }).catch(() => undefined);
    throw caught;
  }
}

async function answerAndAct(
  deps: EngineDeps,
  context: GenerationContext,
  input: {
    runId: string;
    generation: Generation;
    provider: ModelProvider;
    tools: ModelToolSchema[];
    signal: AbortSignal;
  },
): Promise<RunEnd | "continue"> {
  const { store, events } = deps;
  const { runId, generation, provider, tools, signal } = input;
  const answer = await streamAnswer(deps, context, provider, { runId, tools, signal });
  const content = storedAssistant(answer, context);
  if (content.text !== "" || content.tool_calls.length > 0) {
    const message = await store.messages.append(runId, { role: "assistant", content });
    await events.publish({
      type: "message.created",
      run_id: runId,
      seq: message.seq,
      role: "assistant",
      text: content.text,
      tool_calls: eventToolCalls(content),
    });
  }
  const generationStatus = answer.error === undefined ? "completed" : signal.aborted ? "cancelled" : "failed";
  await store.generations.end(generation.id, {
    status: generationStatus,
    ...(answer.usage === undefined ? {} : { usage: { ...answer.usage } }),
    ...(answer.error === undefined ? {} : { error: answer.error }),
  });
  await events.publish({
    type: "generation.ended",
    run_id: runId,
    generation_seq: generation.seq,
    finish_reason: answer.error === undefined ? answer.finishReason : generationStatus,
    tool_calls: answer.toolCalls.length,
  });
  if (signal.aborted) return { status: "cancelled" };
  if (answer.error !== undefined) return { status: "failed", reason: answer.error };
  if (answer.toolCalls.length === 0) return { status: "completed" };

  for (const modelCall of answer.toolCalls) {
    const outcome = await runToolCall(deps, context, {
      runId,
      generationId: generation.id,
      modelCall,
      signal,
    });
    if (outcome === "budget_spent") {
      await answerRemaining(deps, context, runId, generation.id, answer.toolCalls, modelCall, signal);
      return { status: "completed", reason: `max_tool_calls (${context.agent.maxToolCalls}) spent` };
    }
    if (outcome === "cancelled") {
      await answerRemaining(deps, context, runId, generation.id, answer.toolCalls, modelCall, signal);
      return { status: "cancelled" };
    }
  }
  return "continue";
}

/** The calls after the one that stopped the loop still get a result each: the conversation stays whole. */
async function answerRemaining(
  deps: EngineDeps,
  context: GenerationContext,
  runId: string,
  generationId: string,
  calls: readonly ModelToolCall[],
  stoppedAt: ModelToolCall,
  signal: AbortSignal,
): Promise<void> {
  for (const modelCall of calls.slice(calls.indexOf(stoppedAt) + 1)) {
    await runToolCall(deps, context, { runId, generationId, modelCall, signal });
  }
}

function storedAssistant(answer: Answer, context: GenerationContext): AssistantContent {
  return {
    text: context.redactor.redact(answer.text),
    tool_calls: answer.toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments: context.redactor.redact(call.args),
    })),
  };
}

interface Answer {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: string;
  usage?: TokenUsage;
  /** The provider's failure, redacted. */
  error?: string;
}

async function streamAnswer(
  deps: EngineDeps,
  context: GenerationContext,
  provider: ModelProvider,
  input: { runId: string; tools: ModelToolSchema[]; signal: AbortSignal },
): Promise<Answer> {
  const messages = conversationOf(await deps.store.messages.list(input.runId));
  const repositoryNames = context.repositories.map((repository) => repository.name);
  const answer: Answer = { text: "", toolCalls: [], finishReason: "other" };
  const stream = provider.generate({
    system: systemPrompt({ agent: context.agent, repositoryNames, defaultCwd: context.defaultCwd }),
    messages,
    tools: input.tools,
    abortSignal: input.signal,
  });
  for await (const event of stream) {
    if (event.type === "text-delta") answer.text += event.text;
    else if (event.type === "tool-call")
      answer.toolCalls.push({ id: event.id, name: event.name, args: event.args });
    else if (event.type === "finish") {
      answer.finishReason = event.reason;
      answer.usage = event.usage;
    } else answer.error = context.redactor.redact(event.error.message);
  }
  return answer;
}
