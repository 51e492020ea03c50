import type { StoredRunEventPayload } from "@guilds/protocol/runEvents";
import type { ModelProvider } from "../providers/modelProvider.ts";
import type { Generation } from "../store/generationStore.ts";
import type { Stores } from "../store/store.ts";
import { type ModelToolSchema, modelToolSchema } from "../tools/tool.ts";
import type { EngineDeps } from "./engineDeps.ts";
import type { GenerationContext } from "./generationContext.ts";
import { deliverQueuedMessages } from "./operatorMessages.ts";

/** A generation whose row and generation.started are stored, with what it runs on. */
export interface StartedGeneration {
  context: GenerationContext;
  provider: ModelProvider;
  tools: ModelToolSchema[];
  generation: Generation;
}

/**
 * The writes that start the run's next generation on `context` (the operator's queued messages
 * delivered first: this generation is the first to read them), to run in a transaction of the event
 * bus, alone or after a call's end; `started` is set once they ran.
 */
export function generationStartWrites(deps: EngineDeps, context: GenerationContext, runId: string) {
  const provider = deps.providerFor(context.agent, context.secretEnv);
  const tools = context.agent.coding ? deps.tools.map(modelToolSchema) : [];
  const start = {
    started: undefined as StartedGeneration | undefined,
    async writes(stores: Stores): Promise<StoredRunEventPayload[]> {
      const delivered = await deliverQueuedMessages(stores, runId);
      const generation = await stores.generations.start(runId, {
        model: `${provider.provider}:${provider.model}`,
      });
      start.started = { context, provider, tools, generation };
      return [
        ...delivered,
        {
          type: "generation.started",
          run_id: runId,
          generation_seq: generation.seq,
          tools: tools.map((tool) => tool.name),
        },
      ];
    },
  };
  return start;
}

/** Starts the run's next generation in a transaction of its own. */
export async function startGeneration(
  deps: EngineDeps,
  context: GenerationContext,
  runId: string,
): Promise<StartedGeneration> {
  const start = generationStartWrites(deps, context, runId);
  await deps.events.storeAndPublish(async (stores) => ({
    value: undefined,
    events: await start.writes(stores),
  }));
  if (start.started === undefined) throw new Error("the generation's start wrote nothing");
  return start.started;
}
