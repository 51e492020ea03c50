import { setTimeout as sleep } from "node:timers/promises";
import type { RunEventOf } from "@guilds/protocol/runEvents";
import type { EngineDeps } from "./engineDeps.ts";
import { endRun } from "./runEnd.ts";

/** How often the end of a run that could not be stored is tried again. */
const RUN_END_RETRY_MS = 2_000;

/**
 * Ends the run (endRun). When even that write fails (the data folder's disk is full, say), the
 * run's live streams are closed, so no viewer waits for a run.ended that may not come, and the end
 * is tried again every RUN_END_RETRY_MS until it is stored. `stop` (a cancel, the server closing)
 * ends the tries after one more: a run still running then is ended interrupted by the next start's
 * recovery.
 */
export async function endRunOnceStored(
  deps: Pick<EngineDeps, "events" | "logger">,
  runId: string,
  outcome: Omit<RunEventOf<"run.ended">, "type" | "run_id">,
  stop: AbortSignal,
): Promise<void> {
  try {
    await endRun(deps, runId, outcome);
    return;
  } catch (caught) {
    deps.logger.error(
      `run ${runId} could not be ended ${outcome.status}: ${caught instanceof Error ? caught.message : String(caught)} Trying again every ${RUN_END_RETRY_MS / 1000} s until it can be stored; a restart ends it interrupted.`,
    );
  }
  deps.events.endRunStreams(runId);
  for (;;) {
    await sleep(RUN_END_RETRY_MS, undefined, { signal: stop }).catch(() => undefined);
    try {
      await endRun(deps, runId, outcome);
      deps.logger.info(`run ${runId} ended ${outcome.status}: its end could be stored at last.`);
      return;
    } catch {
      if (stop.aborted) return;
    }
  }
}
