import type { RunEventOf } from "@guilds/protocol/runEvents";
import type { ModelProvider, ModelToolCall, TokenUsage } from "../providers/modelProvider.ts";
import { asStorageFull } from "../store/storageFull.ts";
import type { ModelToolSchema } from "../tools/tool.ts";
import { answerWrites, type RecordedAnswer } from "./answerWrites.ts";
import { type ConversationReader, createConversationReader } from "./conversationReader.ts";
import type { EngineDeps } from "./engineDeps.ts";
import { type GenerationContext, runContextSource } from "./generationContext.ts";
import { generationStartWrites, type StartedGeneration, startGeneration } from "./generationStart.ts";
import type { AssistantContent } from "./messageContent.ts";
import { endRunOnceStored } from "./runEndOnceStored.ts";
import { serverStopOf } from "./serverStop.ts";
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
    const conversation = createConversationReader(deps.store, runId);
    const contextNow = runContextSource(deps.store, run.agentId);
    // The next generation, when the last call's end already started it (one transaction for both).
    let next: StartedGeneration | undefined;
    for (;;) {
      // A generation the last call's end started is ended with the run (runEnd).
      if (signal.aborted) {
        outcome = { status: "cancelled" };
        break;
      }
      const started = next ?? (await startGeneration(deps, await contextNow(), runId));
      const { context } = started;
      redact = (text) => context.redactor.redact(text);
      const step = await runGeneration(deps, started, { runId, conversation, signal, contextNow });
      if (step.end !== undefined) {
        outcome = step.end;
        break;
      }
      next = step.next;
    }
  } catch (caught) {
    const full = asStorageFull(caught);
    const message =
      full === undefined
        ? redact(caught instanceof Error ? caught.message : String(caught))
        : `${full.code}: ${full.message}`;
    deps.logger.error(`run ${runId} failed: ${message}`);
    outcome = { status: "failed", reason: message };
  }
  if (signal.aborted) outcome = stoppedOutcome(signal);
  await endRunOnceStored(deps, runId, outcome, signal);
}

/** A loop stopped from outside: the server stopping interrupts the run, anything else cancels it. */
function stoppedOutcome(signal: AbortSignal): RunEnd {
  const stop = serverStopOf(signal);
  if (stop !== undefined) return { status: "interrupted", reason: stop.runReason };
  return { status: "cancelled", reason: "cancelled by the operator" };
}

/** How a generation left the loop: the run's end, or go on (with the next generation when it is started). */
type GenerationStep = { end: RunEnd; next?: undefined } | { end?: undefined; next?: StartedGeneration };

interface GenerationInput {
  runId: string;
  conversation: ConversationReader;
  signal: AbortSignal;
  /** The run's context now (read again only when it changed). */
  contextNow(): Promise<GenerationContext>;
}

async function runGeneration(
  deps: EngineDeps,
  started: StartedGeneration,
  input: GenerationInput,
): Promise<GenerationStep> {
  const { context, generation } = started;
  try {
    return await answerAndAct(deps, started, input);
  } catch (caught) {
    // A fault of ours mid-generation: the generation does not stay "running" (ending it twice is a no-op).
    const message = context.redactor.redact(caught instanceof Error ? caught.message : String(caught));
    await deps.store.generations
      .end(generation.id, { status: "failed", error: message })
      .catch(() => undefined);
    throw caught;
  }
}

async function answerAndAct(
  deps: EngineDeps,
  started: StartedGeneration,
  input: GenerationInput,
): Promise<GenerationStep> {
  const { events } = deps;
  const { context, generation, provider } = started;
  const { runId, signal } = input;
  const answer = await streamAnswer(context, provider, { ...input, tools: started.tools });
  const status = answerStatus(answer, signal);
  const recordAnswer = answerWrites({
    runId,
    generation,
    model: provider.model,
    content: storedAssistant(answer, context),
    status,
    finishReason: answer.finishReason,
    ...(answer.usage === undefined ? {} : { usage: answer.usage }),
    ...(answer.error === undefined ? {} : { error: answer.error }),
    toolCalls: answer.toolCalls.length,
  });
  if (signal.aborted || answer.error !== undefined || answer.toolCalls.length === 0) {
    await events.storeAndPublish(async (stores) => ({
      value: undefined,
      events: await recordAnswer(stores),
    }));
    if (signal.aborted) return { end: { status: "cancelled" } };
    if (answer.error !== undefined) return { end: { status: "failed", reason: answer.error } };
    // The model stopped, but the operator wrote meanwhile: the next generation reads it.
    if ((await deps.store.queuedMessages.list(runId)).length > 0) return {};
    return { end: { status: "completed" } };
  }

  let nextStart: ReturnType<typeof generationStartWrites> | undefined;
  const last = answer.toolCalls.length - 1;
  for (const [index, modelCall] of answer.toolCalls.entries()) {
    const { outcome } = await runToolCall(deps, context, {
      runId,
      generationId: generation.id,
      modelCall,
      signal,
      // The answer commits with its first call's start: one transaction, its events first.
      ...(index === 0 ? { before: recordAnswer } : {}),
      // The last call's end starts the next generation in its transaction, on the context as it is
      // after the call (read before the transaction).
      ...(index === last
        ? {
            after: async () => {
              nextStart = generationStartWrites(deps, await input.contextNow(), runId);
              const start = nextStart;
              return (stores) => (signal.aborted ? Promise.resolve([]) : start.writes(stores));
            },
          }
        : {}),
    });
    if (outcome === "budget_spent") {
      await answerRemaining(deps, context, runId, generation.id, answer.toolCalls, modelCall, signal);
      return { end: { status: "completed", reason: `max_tool_calls (${context.agent.maxToolCalls}) spent` } };
    }
    if (outcome === "cancelled") {
      await answerRemaining(deps, context, runId, generation.id, answer.toolCalls, modelCall, signal);
      return { end: { status: "cancelled" } };
    }
  }
  return { next: nextStart?.started };
}

function answerStatus(answer: Answer, signal: AbortSignal): RecordedAnswer["status"] {
  if (answer.error === undefined) return "completed";
  if (serverStopOf(signal) !== undefined) return "interrupted";
  return signal.aborted ? "cancelled" : "failed";
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
  context: GenerationContext,
  provider: ModelProvider,
  input: { conversation: ConversationReader; tools: ModelToolSchema[]; signal: AbortSignal },
): Promise<Answer> {
  const messages = await input.conversation();
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
    else if (event.type === "tool-call") {
      // The model writes its call's id and name as freely as its text; its args are redacted where
      // they are stored and shown, and reach the tool as the model sent them.
      const { redactor } = context;
      answer.toolCalls.push({
        id: redactor.redact(event.id),
        name: redactor.redact(event.name),
        args: event.args,
      });
    } else if (event.type === "finish") {
      answer.finishReason = event.reason;
      answer.usage = event.usage;
    } else answer.error = context.redactor.redact(event.error.message);
  }
  return answer;
}
