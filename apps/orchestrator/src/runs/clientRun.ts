import { GuildsError } from "@guilds/protocol/guildsError";
import type { JsonObject } from "../store/json.ts";
import type { ToolCallEndStatus } from "../store/toolCallStore.ts";
import { type ModelToolSchema, modelToolSchema } from "../tools/tool.ts";
import { answerWrites } from "./answerWrites.ts";
import type { EngineDeps } from "./engineDeps.ts";
import { loadGenerationContext } from "./generationContext.ts";
import { endRunOnceStored } from "./runEndOnceStored.ts";
import { serverStopOf } from "./serverStop.ts";
import { runToolCall } from "./toolCallStep.ts";

/** Who drives a client run: its protocol and the client's own name (and version) as it gave them. */
export interface RunClient {
  protocol: "mcp";
  name: string;
}

/** One call's result as the run stored it: the text the model would read, its metadata. */
export interface ClientCallResult {
  toolCallId: string;
  status: ToolCallEndStatus;
  text: string;
  metadata: JsonObject;
}

/**
 * A run whose tool calls come from a client outside the server (an MCP session) rather than from the
 * agent's model. Each call is one generation of the client (`mcp:<client>`) asking for that one call,
 * so the run is stored, budgeted, streamed and replayed like any other.
 */
export interface ClientRun {
  readonly runId: string;
  /** The tools the agent's model is offered now (none while its code tools are off). */
  tools(): Promise<ModelToolSchema[]>;
  /**
   * Runs one call and gives its stored result; `signal` cancels this call only. Throws run.ended
   * (GuildsError) once the run has ended: its budget spent, cancelled by the operator, closed.
   */
  call(name: string, args: unknown, options: CallOptions): Promise<ClientCallResult>;
  /** Ends the run completed with `reason`, a call in flight cancelled first; once ended, nothing. */
  close(reason: string): Promise<void>;
}

export interface CallOptions {
  signal: AbortSignal;
  /** The call's progress lines as they come (code_task's harness), as the run's viewers get them. */
  onProgress?: (lines: string[]) => void;
}

export interface ClientRunHandle {
  run: ClientRun;
  /** Aborted by the run service: an operator's cancel or the server stopping. */
  stop: AbortController;
  /** Settles once the run has ended. */
  done: Promise<void>;
}

/** Starts the run (run.started) marked with its client in metadata.client. */
export async function openClientRun(
  deps: EngineDeps,
  agentId: string,
  client: RunClient,
): Promise<ClientRunHandle> {
  const run = await deps.store.runs.create({
    agentId,
    title: `MCP session of ${client.name}`,
    metadata: { client: { ...client } },
  });
  await deps.events.publish({ type: "run.started", run_id: run.id, agent_id: agentId });
  const stop = new AbortController();
  const closing = new AbortController();
  let ended: string | null = null;
  let calls = 0;
  // An MCP client may make several calls at once: a cancel or a close waits for all of them.
  const inFlight = new Set<Promise<unknown>>();
  const settled = () => Promise.allSettled([...inFlight]);
  let markDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    markDone = resolve;
  });

  const end = async (outcome: { status: "completed" | "cancelled" | "interrupted"; reason: string }) => {
    if (ended !== null) return;
    ended = outcome.reason;
    await endRunOnceStored(deps, run.id, outcome, new AbortController().signal);
    markDone();
  };
  stop.signal.addEventListener("abort", () => {
    const serverStop = serverStopOf(stop.signal);
    void settled().finally(() =>
      end(
        serverStop === undefined
          ? { status: "cancelled", reason: "cancelled by the operator" }
          : { status: "interrupted", reason: serverStop.runReason },
      ),
    );
  });

  const clientRun: ClientRun = {
    runId: run.id,

    async tools() {
      const { agent } = await loadGenerationContext(deps.store, agentId);
      return agent.coding ? deps.tools.map(modelToolSchema) : [];
    },

    async call(name, args, options) {
      if (ended !== null || stop.signal.aborted) throw runEnded(run.id, ended ?? "it was stopped");
      calls += 1;
      const callId = `${client.protocol}-${calls}`;
      const unsubscribe =
        options.onProgress === undefined
          ? () => {}
          : followProgress(deps, run.id, callId, options.onProgress);
      const step = callOnce(deps, {
        runId: run.id,
        agentId,
        client,
        callId,
        name,
        args,
        signal: AbortSignal.any([options.signal, stop.signal, closing.signal]),
      });
      inFlight.add(step);
      try {
        const { outcome, ended: stored, maxToolCalls } = await step;
        // As a run of the agent's model ends when its budget is spent.
        if (outcome === "budget_spent")
          await end({ status: "completed", reason: `max_tool_calls (${maxToolCalls}) spent` });
        return stored;
      } finally {
        inFlight.delete(step);
        unsubscribe();
      }
    },

    async close(reason) {
      if (ended !== null || stop.signal.aborted) return done;
      closing.abort();
      await settled();
      await end({ status: "completed", reason });
    },
  };
  return { run: clientRun, stop, done };
}

async function callOnce(
  deps: EngineDeps,
  call: {
    runId: string;
    agentId: string;
    client: RunClient;
    callId: string;
    name: string;
    args: unknown;
    signal: AbortSignal;
  },
) {
  const context = await loadGenerationContext(deps.store, call.agentId);
  const tools = context.agent.coding ? deps.tools.map((tool) => tool.name) : [];
  const generation = await deps.events.storeAndPublish(async (stores) => {
    const started = await stores.generations.start(call.runId, {
      model: `${call.client.protocol}:${call.client.name}`,
    });
    return {
      value: started,
      events: [{ type: "generation.started", run_id: call.runId, generation_seq: started.seq, tools }],
    };
  });
  const argumentsText = JSON.stringify(call.args ?? {});
  const modelCall = { id: call.callId, name: call.name, args: argumentsText };
  const asked = answerWrites({
    runId: call.runId,
    generation,
    content: {
      text: "",
      tool_calls: [
        { id: modelCall.id, name: modelCall.name, arguments: context.redactor.redact(argumentsText) },
      ],
    },
    status: "completed",
    finishReason: "tool_calls",
    toolCalls: 1,
  });
  const step = await runToolCall(deps, context, {
    runId: call.runId,
    generationId: generation.id,
    modelCall,
    signal: call.signal,
    before: asked,
  });
  return { ...step, maxToolCalls: context.agent.maxToolCalls };
}

/** Hands the call's tool.progress lines to `onProgress`; its tool.started names its row. Returns the unsubscribe. */
function followProgress(
  deps: EngineDeps,
  runId: string,
  callId: string,
  onProgress: (lines: string[]) => void,
): () => void {
  let toolCallId: string | undefined;
  return deps.events.subscribe({ runId }, undefined, ({ data }) => {
    if (data.type === "tool.started" && data.call_id === callId) toolCallId = data.tool_call_id;
    if (data.type === "tool.progress" && data.tool_call_id === toolCallId) onProgress(data.lines);
  });
}

function runEnded(runId: string, reason: string): GuildsError {
  return new GuildsError(
    "run.ended",
    `Run ${runId} has ended (${reason}); open a new session to make more calls.`,
  );
}
