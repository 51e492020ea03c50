import { type HarnessName, type ResultMeta, type StopMeta, taskLogPath } from "@guilds/protocol/harness";
import type { CodeTaskContext } from "./codeTaskContext.ts";
import type { HarnessOps } from "./harnessOps.ts";
import { notStartedReport } from "./notStartedReport.ts";
import { type PollEnding, pollUntilEnd } from "./pollTask.ts";
import {
  CANCELLED_RUNNING_DETAIL,
  failedDetail,
  notStoppedDetail,
  RESULT_UNREADABLE_DETAIL,
  SERVER_STOPPED_DETAIL,
  STATE_GONE_DETAIL,
  STOPPED_ANSWERING_DETAIL,
  timedOutDetail,
} from "./taskDetail.ts";
import { takeEndCheckpoint } from "./taskEndCheckpoint.ts";
import type { TaskReport } from "./taskReport.ts";

export interface TurnInput {
  ops: HarnessOps;
  harness: HarnessName;
  repository: string;
  /** The whole brief: preamble, task, notes. */
  brief: string;
  sessionId: string | null;
  timeoutMinutes: number;
  startSha: string;
  /** When the call began (Date.now()). */
  began: number;
}

/**
 * Steps 6 to 10, once the start checkpoint is taken: the tokens refreshed, then (unless the
 * generation was cancelled by then) start, the polls, stop on every way out but an exit or a state
 * gone, the result, the end checkpoint. The run's metadata.harness_task names the call from before
 * start until the call ends. A fault of ours after start sends stop, then throws.
 */
export async function runTurn(context: CodeTaskContext, input: TurnInput): Promise<TaskReport> {
  const { ops, harness } = input;
  const logPath = taskLogPath(context.runId, context.callId);
  await context.refreshTokens();
  if (context.signal.aborted) {
    return notStartedReport(harness, input.repository, input.began, input.startSha);
  }
  await context.recordTask({
    call_id: context.callId,
    harness,
    repository: input.repository,
    session_id: input.sessionId,
    log_path: logPath,
    start_sha: input.startSha,
  });
  try {
    const startedAt = Date.now();
    let polled: { ending: PollEnding; sessionId: string | null };
    try {
      await ops.start({
        harness,
        repo: input.repository,
        model: context.agent.harnessModel,
        effort: context.agent.harnessEffort,
        session_id: input.sessionId,
        brief: input.brief,
      });
      polled = await pollUntilEnd(context, {
        ops,
        harness,
        deadline: startedAt + input.timeoutMinutes * context.timing.minuteMs,
        onSession: (sessionId) =>
          context.recordTask({
            call_id: context.callId,
            harness,
            repository: input.repository,
            session_id: sessionId,
            log_path: logPath,
            start_sha: input.startSha,
          }),
      });
    } catch (caught) {
      await stopHarness(ops, harness);
      throw caught;
    }

    const stop = stopsOn(polled.ending) ? await stopHarness(ops, harness) : undefined;
    const exited = polled.ending === "exited" || stop?.exited === true;
    const result = exited && stop?.gone !== true ? await readResult(ops, harness) : undefined;
    const end = await takeEndCheckpoint(context, input.repository, input.startSha);
    const outcome = statusOf(polled.ending, result, input);
    const stopFailed = stop !== undefined && !stop.exited && !stop.gone;
    const detail = [stopFailed ? notStoppedDetail(logPath) : outcome.detail, end.problem].filter(
      (line): line is string => line !== null,
    );
    return {
      status: outcome.status,
      harness,
      repository: input.repository,
      sessionId: result?.session_id ?? polled.sessionId,
      durationMs: result?.duration_ms ?? Date.now() - startedAt,
      diff: end.diff,
      detail: detail.length === 0 ? null : detail.join("\n"),
      finalMessage: result?.final_message ?? "",
      logPath,
      exitCode: result?.exit_code ?? null,
      startSha: input.startSha,
      endSha: end.sha,
      costUsd: result?.cost_usd ?? null,
      usage: result?.usage ?? null,
    };
  } finally {
    await context.recordTask(null).catch(() => undefined);
  }
}

/** "every way out of the call sends stop ... The two exceptions are a poll that saw the CLI exit and a poll that found the call's state gone." */
function stopsOn(ending: PollEnding): boolean {
  return ending !== "exited" && ending !== "gone";
}

/** stop's answer; a stop that fails reads as a harness that did not stop. */
async function stopHarness(ops: HarnessOps, harness: HarnessName): Promise<StopMeta> {
  try {
    return await ops.stop(harness);
  } catch {
    return { exited: false, gone: false };
  }
}

async function readResult(ops: HarnessOps, harness: HarnessName): Promise<ResultMeta | null> {
  try {
    return await ops.result(harness);
  } catch {
    return null;
  }
}

/**
 * The page's Status table. `result` is undefined when the CLI did not exit (or had no state left)
 * and null when it exited but its result could not be read.
 */
function statusOf(
  ending: PollEnding,
  result: ResultMeta | null | undefined,
  input: TurnInput,
): Pick<TaskReport, "status"> & { detail: string | null } {
  switch (ending) {
    case "timed_out":
      return { status: "timed_out", detail: timedOutDetail(input.timeoutMinutes) };
    case "cancelled":
      return { status: "cancelled", detail: CANCELLED_RUNNING_DETAIL };
    case "server_stopped":
      return { status: "interrupted", detail: SERVER_STOPPED_DETAIL };
    case "stopped_answering":
      return { status: "interrupted", detail: STOPPED_ANSWERING_DETAIL };
    case "gone":
      return { status: "interrupted", detail: STATE_GONE_DETAIL };
    case "exited":
      if (result === null || result === undefined) {
        return { status: "interrupted", detail: RESULT_UNREADABLE_DETAIL };
      }
      if (result.exit_code === 0 && !result.turn_error) return { status: "completed", detail: null };
      return { status: "failed", detail: failedDetail(input.harness, result) };
  }
}
