// Steps 6 to 10: start, the polls and their live progress, stop, the result, the end checkpoint.
import { type HarnessName, type ResultMeta, type StopMeta, taskLogPath } from "@guilds/protocol/harness";
import {
  TASK_POLL_FAILURES_MAX,
  TASK_POLL_INTERVAL_MS,
  TASK_PROGRESS_LINE_MAX_CHARS,
} from "@guilds/protocol/harnessLimits";
import type { Machine } from "../../machines/machine.ts";
import type { Redactor } from "../../pipeline/redactor.ts";
import type { ToolContext } from "../toolContext.ts";
import { checkpointRef, takeCheckpoint } from "./checkpoint.ts";
import type { HarnessOps } from "./harnessOps.ts";
import { diffSummary, type TaskDiffSummary } from "./taskDiff.ts";
import {
  CANCELLED_RUNNING_DETAIL,
  failedDetail,
  notStartedReport,
  notStoppedDetail,
  RESULT_UNREADABLE_DETAIL,
  SERVER_STOPPED_DETAIL,
  STATE_GONE_DETAIL,
  STOPPED_ANSWERING_DETAIL,
  type TaskReport,
  timedOutDetail,
} from "./taskReport.ts";

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
export async function runTurn(context: ToolContext, input: TurnInput): Promise<TaskReport> {
  const { ops, harness } = input;
  const logPath = taskLogPath(context.runId, context.callId);
  await context.repositories.refreshTokens();
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
        deadline: startedAt + input.timeoutMinutes * context.codeTasks.timing.minuteMs,
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

/**
 * How the polling ended: the CLI exited and its log is read through; its state is gone; the
 * timeout passed; the generation was cancelled; or TASK_POLL_FAILURES_MAX polls failed in a row.
 */
export type PollEnding =
  | "exited"
  | "gone"
  | "timed_out"
  | "cancelled"
  | "server_stopped"
  | "stopped_answering";

export interface PollInput {
  ops: HarnessOps;
  harness: HarnessName;
  /** When the timeout passes, on Date.now()'s clock. */
  deadline: number;
  /** Called once per new session id the harness reports. */
  onSession(sessionId: string): Promise<void>;
}

/**
 * Step 7: a poll every interval until the CLI exits, each after the repository tokens are
 * refreshed. Its progress lines are redacted, cut and published; none is kept.
 */
export async function pollUntilEnd(
  context: Pick<ToolContext, "repositories" | "redactor" | "progress" | "codeTasks" | "signal">,
  input: PollInput,
): Promise<{ ending: PollEnding; sessionId: string | null }> {
  let offset = 0;
  let failures = 0;
  let sessionId: string | null = null;
  for (;;) {
    await pause(
      Math.min(context.codeTasks.timing.pollIntervalMs, input.deadline - Date.now()),
      context.signal,
    );
    if (context.signal.aborted) {
      return { ending: abortedByServerStop(context.signal) ? "server_stopped" : "cancelled", sessionId };
    }
    if (Date.now() >= input.deadline) return { ending: "timed_out", sessionId };
    let answer: Awaited<ReturnType<HarnessOps["poll"]>>;
    try {
      await context.repositories.refreshTokens();
      answer = await input.ops.poll(input.harness, offset);
    } catch {
      failures += 1;
      if (failures >= TASK_POLL_FAILURES_MAX) return { ending: "stopped_answering", sessionId };
      continue;
    }
    failures = 0;
    offset = answer.offset;
    if (answer.session_id !== null && answer.session_id !== sessionId) {
      sessionId = answer.session_id;
      await input.onSession(sessionId);
    }
    if (answer.lines.length > 0) {
      context.progress(progressLines(answer.lines, context.redactor), sessionId);
    }
    if (answer.state === "exited" || answer.state === "gone") return { ending: answer.state, sessionId };
  }
}

/**
 * Progress lines as the app and the log API show them: each redacted first (a secret is never cut
 * in half and so left recognisable), then cut at TASK_PROGRESS_LINE_MAX_CHARS characters, the last
 * one an ellipsis when the line was longer.
 */
export function progressLines(lines: readonly string[], redactor: Redactor): string[] {
  return lines.map((line) => cutLine(redactor.redact(line)));
}

export function cutLine(line: string, maxChars = TASK_PROGRESS_LINE_MAX_CHARS): string {
  // Characters are code points: a cut never splits a surrogate pair.
  const characters = Array.from(line);
  if (characters.length <= maxChars) return line;
  return `${characters.slice(0, maxChars - 1).join("")}\u2026`;
}

/**
 * Whether a code task's signal was aborted because the server is stopping (a restart, SIGTERM), not
 * by a cancel: the runs' stop reason says so (runs/serverStop.ts), and the task then ends
 * interrupted, to be resumed, as an orchestrator restart ends it on the page.
 */
export function abortedByServerStop(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  return signal.aborted && typeof reason === "object" && reason !== null && "serverStopped" in reason;
}

/** Waits `ms`, or less when `signal` aborts first. Never rejects. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

export interface EndCheckpoint {
  sha: string | null;
  /** The diffstat since the start checkpoint. */
  diff: TaskDiffSummary | null;
  /** Why there is no end checkpoint or no diffstat, as a detail line; null when both are there. */
  problem: string | null;
}

/**
 * Step 10: the end checkpoint at …/tasks/<call id>/end and the diffstat since `start` (a commit or
 * a ref). A checkpoint that fails does not hide the harness's result: it becomes a detail line.
 */
export async function takeEndCheckpoint(
  task: { machine: Machine; runId: string; callId: string },
  repository: string,
  start: string,
): Promise<EndCheckpoint> {
  const repoFolder = `repos/${repository}`;
  let sha: string;
  try {
    // A restart of the machine mid-task (its state gone) leaves it to be woken again.
    await task.machine.start();
    sha = await takeCheckpoint(task.machine, {
      repoFolder,
      ref: checkpointRef(task.runId, task.callId, "end"),
    });
  } catch (caught) {
    return { sha: null, diff: null, problem: `The end checkpoint could not be taken: ${reason(caught)}` };
  }
  try {
    const diff = await diffSummary(task.machine, { repoFolder, from: start, to: sha });
    return { sha, diff, problem: null };
  } catch (caught) {
    return { sha, diff: null, problem: `The diffstat could not be read: ${reason(caught)}` };
  }
}

function reason(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}

/** How long a task's minute and its poll interval are: the page's, or shorter in tests. */
export interface TaskTiming {
  /** One minute of timeout_minutes. */
  minuteMs: number;
  pollIntervalMs: number;
}

export const PAGE_TIMING: TaskTiming = { minuteMs: 60_000, pollIntervalMs: TASK_POLL_INTERVAL_MS };
