// A code_task a server restart left behind: found from the run's metadata, stopped, and ended.
import { HARNESS_NAMES, type ResultMeta, type StopMeta } from "@guilds/protocol/harness";
import { z } from "zod";
import type { Machine } from "../../machines/machine.ts";
import type { RunMetadata } from "../../store/runStore.ts";
import type { HelperTransport } from "../../toolbox/helperTransport.ts";
import { checkpointRef, checkpointSha } from "./checkpoint.ts";
import { type HarnessOps, harnessOps } from "./harnessOps.ts";
import { formatTaskResult, notStoppedDetail, type TaskReport, taskMetadata } from "./taskReport.ts";
import { takeEndCheckpoint } from "./taskTurn.ts";

/** Where the task's work began: what the agent can come back to. */
function startCheckpointLine(runId: string, callId: string): string {
  return `The repository as it was before the task is at ${checkpointRef(runId, callId, "start")}.`;
}

export interface LeftTask {
  machine: Machine;
  runId: string;
  task: HarnessTaskRecord;
  /** When the call started, for its duration when the harness's own is not known. */
  startedAt: number;
}

/** A left task, and what its harness ops need: the agent's secrets and the result cap. */
export interface LeftTaskCall extends LeftTask {
  agentId: string;
  secrets: Readonly<Record<string, string>>;
  /** CODE_RESULT_MAX_BYTES. */
  maxBytes: number;
}

/**
 * The result of a code_task a server restart left unresolved: stopped when its machine still runs
 * (stopLeftTask), else ended with it (machineGoneReport); its text and metadata as a call's.
 */
export async function endLeftTask(
  harnesses: HelperTransport,
  left: LeftTaskCall,
): Promise<{ text: string; meta: ReturnType<typeof taskMetadata> }> {
  const report = left.machine.isRunning()
    ? await stopLeftTask(
        harnessOps(harnesses, {
          machine: left.machine,
          runId: left.runId,
          agentId: left.agentId,
          callId: left.task.call_id,
          repository: left.task.repository,
          secrets: left.secrets,
          maxBytes: left.maxBytes,
        }),
        left,
      )
    : machineGoneReport(left);
  return { text: formatTaskResult(report, left.maxBytes), meta: taskMetadata(report) };
}

/**
 * A code_task a server restart left unresolved, when its machine is still running: stop, then (once
 * the harness has exited) its result, which clears its state, then its end checkpoint. The result
 * is interrupted, with its session, its log and the start checkpoint.
 */
export async function stopLeftTask(ops: HarnessOps, left: LeftTask): Promise<TaskReport> {
  const { machine, runId, task } = left;
  const stop: StopMeta = await ops.stop(task.harness).catch(() => ({ exited: false, gone: false }));
  const result: ResultMeta | null =
    stop.exited && !stop.gone ? await ops.result(task.harness).catch(() => null) : null;
  const start = checkpointRef(runId, task.call_id, "start");
  const startSha = (await checkpointSha(machine, task.repository, start).catch(() => null)) ?? task.start_sha;
  const end = await takeEndCheckpoint(
    { machine, runId, callId: task.call_id },
    task.repository,
    startSha ?? start,
  );
  const stopped = stop.exited || stop.gone;
  const detail = [
    stopped || task.log_path === null
      ? "The server restarted while the harness was running, so the harness was stopped. Resume the session to continue."
      : notStoppedDetail(task.log_path),
    startCheckpointLine(runId, task.call_id),
    end.problem,
  ];
  return {
    ...interruptedReport(left, result),
    detail: detail.filter((line): line is string => line !== null).join("\n"),
    diff: end.diff,
    startSha,
    endSha: end.sha,
  };
}

/**
 * The same task when its machine is not running: whatever ran inside went with it, so there is
 * nothing to stop and no end checkpoint is taken.
 */
export function machineGoneReport(left: LeftTask): TaskReport {
  return {
    ...interruptedReport(left, null),
    detail: [
      "The server restarted while the harness was running, and its machine is not running: the harness ended with it. Resume the session to continue.",
      startCheckpointLine(left.runId, left.task.call_id),
    ].join("\n"),
  };
}

function interruptedReport(left: LeftTask, result: ResultMeta | null): TaskReport {
  const { task } = left;
  return {
    status: "interrupted",
    harness: task.harness,
    repository: task.repository,
    sessionId: result?.session_id ?? task.session_id,
    durationMs: result?.duration_ms ?? Date.now() - left.startedAt,
    diff: null,
    detail: null,
    finalMessage: result?.final_message ?? "",
    logPath: task.log_path,
    exitCode: result?.exit_code ?? null,
    startSha: task.start_sha,
    endSha: null,
    costUsd: result?.cost_usd ?? null,
    usage: result?.usage ?? null,
  };
}

/** A run's metadata.harness_task (HarnessTaskMetadata) as stored: read back, it is checked again. */
export const HarnessTaskRecord = z.object({
  call_id: z.string().min(1),
  harness: z.enum(HARNESS_NAMES),
  repository: z.string().min(1),
  session_id: z.string().nullable(),
  log_path: z.string().nullable(),
  /** Absent from what a server before it wrote. */
  start_sha: z.string().nullable().default(null),
});
export type HarnessTaskRecord = z.infer<typeof HarnessTaskRecord>;

/** The run's code_task in progress, if its metadata names one it can read. */
export function harnessTaskOf(metadata: RunMetadata): HarnessTaskRecord | undefined {
  const parsed = HarnessTaskRecord.safeParse(metadata.harness_task);
  return parsed.success ? parsed.data : undefined;
}
