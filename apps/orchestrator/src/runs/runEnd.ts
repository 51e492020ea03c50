import type { RunEventOf } from "@guilds/protocol/runEvents";
import type { EngineDeps } from "./engineDeps.ts";

/** Ends the run once and publishes run.ended; a run already ended (a cancel raced it) is left as it is. */
export async function endRun(
  deps: Pick<EngineDeps, "events">,
  runId: string,
  outcome: Omit<RunEventOf<"run.ended">, "type" | "run_id">,
): Promise<void> {
  await deps.events.storeAndPublish(async (stores) => {
    const ended = await stores.runs.end(runId, outcome.status, outcome.reason ?? null);
    if (!ended) return { value: undefined, events: [] };
    return {
      value: undefined,
      events: [
        {
          type: "run.ended",
          run_id: runId,
          status: outcome.status,
          ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
        },
      ],
    };
  });
}
