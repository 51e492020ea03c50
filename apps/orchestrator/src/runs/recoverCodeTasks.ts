import type { RunEventBus } from "../events/eventBus.ts";
import type { MachineRegistry } from "../machines/machineRegistry.ts";
import type { Run } from "../store/runStore.ts";
import type { Store } from "../store/store.ts";
import { codeResultMaxBytes } from "../toolbox/codeResultMaxBytes.ts";
import type { HelperTransport } from "../toolbox/helperTransport.ts";
import { createHarnessTransport } from "../tools/codeTask/harnessOps.ts";
import { endLeftTask, harnessTaskOf } from "../tools/codeTask/taskRecovery.ts";
import type { RunLogger } from "./engineDeps.ts";
import { loadGenerationContext } from "./generationContext.ts";
import { recordEndedCall } from "./recordEndedCall.ts";

export interface CodeTaskRecoveryDeps {
  store: Store;
  events: Pick<RunEventBus, "storeAndPublish">;
  machines: MachineRegistry;
  logger: RunLogger;
  /** Default the guilds-harness transport. */
  harnesses?: HelperTransport;
  /** Default CODE_RESULT_MAX_BYTES from the environment. */
  maxBytes?: number;
}

const RUNS_PAGE = 100;

/**
 * At startup, before in-flight work is marked interrupted: each code_task left unresolved in an
 * active run (its metadata.harness_task) gets stop on its machine when the machine is running, its
 * state cleared and its end checkpoint taken, then its result: interrupted, naming its session, its
 * log and its start checkpoint. A machine that is not running is left alone. The call's row ends
 * interrupted with that result, so the later recovery of the run leaves it as it is.
 */
export async function recoverCodeTasks(deps: CodeTaskRecoveryDeps, reason: string): Promise<void> {
  const harnesses = deps.harnesses ?? createHarnessTransport();
  for (const run of await runningRuns(deps.store)) {
    try {
      await recoverRunTask(deps, harnesses, run, reason);
    } catch (caught) {
      deps.logger.warn(
        `could not recover the code_task of run ${run.id}: ${caught instanceof Error ? caught.message : caught}`,
      );
    }
  }
}

async function recoverRunTask(
  deps: CodeTaskRecoveryDeps,
  harnesses: HelperTransport,
  run: Run,
  reason: string,
): Promise<void> {
  const task = harnessTaskOf(run.metadata);
  if (task === undefined) return;
  const { store } = deps;
  const row = (await store.toolCalls.list(run.id)).find((call) => call.id === task.call_id);
  if (row !== undefined && (row.status === "pending" || row.status === "running")) {
    const context = await loadGenerationContext(store, run.agentId);
    const machine = await deps.machines.forAgent(context.agent);
    const maxBytes = deps.maxBytes ?? codeResultMaxBytes(process.env);
    const ended = await endLeftTask(harnesses, {
      machine,
      runId: run.id,
      agentId: context.agent.id,
      task,
      startedAt: Date.parse(row.startedAt ?? row.createdAt),
      secrets: context.secretEnv,
      maxBytes,
    });
    await recordEndedCall(deps, {
      run,
      row,
      status: "interrupted",
      text: ended.text,
      metadata: ended.meta,
      error: reason,
      redactor: context.redactor,
      remainingToolCalls: Math.max(0, context.agent.maxToolCalls - run.toolCallsUsed),
    });
  }
  await store.runs.patchMetadata(run.id, { harness_task: null });
}

async function runningRuns(store: Store): Promise<Run[]> {
  const runs: Run[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await store.runs.list({
      status: "running",
      limit: RUNS_PAGE,
      ...(before ? { before } : {}),
    });
    runs.push(...page);
    const last = page.at(-1);
    if (page.length < RUNS_PAGE || last === undefined) return runs;
    before = last.id;
  }
}
