import type { CodeTaskArgs } from "@guilds/protocol/toolArgs";
import { checkpointRef, takeCheckpoint } from "../checkpoints/checkpoint.ts";
import type { ToolResult } from "../tool.ts";
import { chosenHarness } from "./chosenHarness.ts";
import type { CodeTaskContext } from "./codeTaskContext.ts";
import { harnessOps } from "./harnessOps.ts";
import { requireReady } from "./harnessReadiness.ts";
import { notStartedReport } from "./notStartedReport.ts";
import { composeBrief } from "./taskBrief.ts";
import { taskMetadata } from "./taskMetadata.ts";
import { loadBriefNotes } from "./taskNotes.ts";
import type { TaskReport } from "./taskReport.ts";
import { taskRepository } from "./taskRepository.ts";
import { formatTaskResult } from "./taskResultText.ts";
import { runTurn } from "./taskTurn.ts";

/**
 * One code_task, its ten steps in order: harness, repository, check, brief, start checkpoint, then
 * the turn (start, polls, stop, result, end checkpoint). Steps 1 to 4 fail the call with a
 * CodeTaskError; how the turn ended is the result. The machine is held awake for the whole call.
 */
export async function runCodeTask(args: CodeTaskArgs, context: CodeTaskContext): Promise<ToolResult> {
  const began = Date.now();
  const harness = chosenHarness(context.agent.harness, context.harnessesOff, context.agent.id);
  const repository = taskRepository(args.repo, context.repositoryNames);
  const release = context.machine.keepAwake();
  try {
    await context.ensureCloned(repository);
    const ops = harnessOps(context.harnesses, {
      machine: context.machine,
      runId: context.runId,
      agentId: context.agent.id,
      callId: context.callId,
      repository,
      secrets: context.secrets,
      maxBytes: context.maxBytes,
    });
    requireReady(await ops.check(harness), harness);
    const notes = await loadBriefNotes(context.notes, context.agent, args.notes ?? []);
    const brief = composeBrief(args.brief, notes);
    if (context.signal.aborted) return resultOf(notStartedReport(harness, repository, began, null), context);
    const startSha = await takeCheckpoint(context.machine, {
      repoFolder: `repos/${repository}`,
      ref: checkpointRef(context.runId, context.callId, "start"),
    });
    if (context.signal.aborted) {
      return resultOf(notStartedReport(harness, repository, began, startSha), context);
    }
    const report = await runTurn(context, {
      ops,
      harness,
      repository,
      brief,
      sessionId: args.session_id ?? null,
      timeoutMinutes: args.timeout_minutes,
      startSha,
      began,
    });
    return resultOf(report, context);
  } finally {
    release();
  }
}

/** Only a completed turn is ok: any other ending is for the agent to act on. */
function resultOf(report: TaskReport, context: Pick<CodeTaskContext, "maxBytes">): ToolResult {
  return {
    ok: report.status === "completed",
    text: formatTaskResult(report, context.maxBytes),
    meta: taskMetadata(report),
  };
}
