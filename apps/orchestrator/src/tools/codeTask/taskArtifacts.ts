// What a code_task kept, for the app: its harness log and its diff.
import type { HarnessLogView, TaskDiffView } from "@guilds/protocol/apiViews";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { HarnessName } from "@guilds/protocol/harness";
import { HARNESS_LOG_LINES_MAX, HARNESS_LOG_RAW_MAX_BYTES } from "@guilds/protocol/harnessLimits";
import { RUNS_KEPT } from "@guilds/protocol/limits";
import { CodeTaskMeta } from "@guilds/protocol/toolMeta";
import { codeTaskContract } from "@guilds/protocol/tools/codeTask";
import type { MachineRegistry } from "../../machines/machineRegistry.ts";
import type { Redactor } from "../../pipeline/redactor.ts";
import type { Store } from "../../store/store.ts";
import type { ToolCall } from "../../store/toolCallStore.ts";
import type { HelperTransport } from "../../toolbox/helperTransport.ts";
import { createHarnessTransport, harnessOps, LOG_MISSING } from "./harnessOps.ts";
import { unifiedDiff } from "./taskDiff.ts";
import { progressLines } from "./taskTurn.ts";

/** The Diff view reads at most this much of a task's diff. */
export const TASK_DIFF_MAX_BYTES = 1024 * 1024;
/** The log op's answer holds up to 2000 lines of 4 KiB and 256 KiB of raw JSONL: room for both. */
const LOG_ANSWER_MAX_BYTES = 3 * 1024 * 1024;

export interface TaskArtifacts {
  log(runId: string, callId: string): Promise<HarnessLogView>;
  diff(runId: string, callId: string): Promise<TaskDiffView>;
}

export interface TaskArtifactsDeps {
  store: Pick<Store, "runs" | "toolCalls" | "agents">;
  machines: Pick<MachineRegistry, "forAgent">;
  /** Every secret value of the agent and its guild, and its repositories' tokens. */
  redactorFor(agentId: string): Promise<Redactor>;
  /** Default the guilds-harness transport. */
  harnesses?: HelperTransport;
}

/**
 * What a code_task kept, read from the agent's machine (waking it) for the app: its harness log and
 * its diff. A call that is not a code_task, or whose result names none, is a 404 found from the
 * store alone, without waking the machine.
 */
export function createTaskArtifacts(deps: TaskArtifactsDeps): TaskArtifacts {
  const harnesses = deps.harnesses ?? createHarnessTransport();

  const findTask = async (runId: string, callId: string) => {
    const run = await deps.store.runs.get(runId);
    const call = (await deps.store.toolCalls.list(run.id)).find(
      (candidate) => candidate.id === callId || candidate.callId === callId,
    );
    return { run, call };
  };

  return {
    async log(runId, callId) {
      const { run, call } = await findTask(runId, callId);
      const named = call === undefined ? undefined : loggedTask(call);
      if (call === undefined || named === undefined) {
        throw new GuildsError("task_log.not_found", "that call has no harness log");
      }
      const agent = await deps.store.agents.get(run.agentId);
      const machine = await deps.machines.forAgent(agent);
      const ops = harnessOps(harnesses, {
        machine,
        runId: run.id,
        agentId: agent.id,
        callId: call.id,
        repository: named.repository,
        secrets: {},
        maxBytes: LOG_ANSWER_MAX_BYTES,
      });
      const log = await ops.log(named.harness, {
        maxBytes: HARNESS_LOG_RAW_MAX_BYTES,
        maxLines: HARNESS_LOG_LINES_MAX,
        answerBytes: LOG_ANSWER_MAX_BYTES,
      });
      if (log === LOG_MISSING) {
        throw new GuildsError(
          "task_log.gone",
          `that call's harness log is gone: the agent's home keeps the logs of its ${RUNS_KEPT} most recent runs`,
        );
      }
      const redactor = await deps.redactorFor(agent.id);
      return {
        lines: progressLines(log.lines, redactor),
        lines_truncated: log.lines_truncated,
        raw: redactor.redact(log.raw),
        raw_truncated: log.raw_truncated,
        bytes: log.bytes,
        events: log.events,
        unparsed: log.unparsed,
      };
    },

    async diff(runId, callId) {
      const { run, call } = await findTask(runId, callId);
      const checkpoints = call === undefined ? undefined : taskCheckpoints(call);
      if (checkpoints === undefined) {
        throw new GuildsError("task_diff.not_found", "that call has no task diff");
      }
      const agent = await deps.store.agents.get(run.agentId);
      const machine = await deps.machines.forAgent(agent);
      const release = machine.keepAwake();
      try {
        await machine.start();
        const read = await unifiedDiff(machine, {
          repoFolder: `repos/${checkpoints.repository}`,
          from: checkpoints.start,
          to: checkpoints.end,
          maxBytes: TASK_DIFF_MAX_BYTES,
        });
        const redactor = await deps.redactorFor(agent.id);
        return {
          diff: redactor.redact(read.diff),
          truncated: read.truncated,
          start_sha: checkpoints.start,
          end_sha: checkpoints.end,
        };
      } finally {
        release();
      }
    },
  };
}

/**
 * A code_task's stored metadata, read with the protocol's schema: undefined for another tool, or
 * for metadata that is not a code_task's (a call that failed before its turn, a row cut short).
 */
function codeTaskMetaOf(call: ToolCall): CodeTaskMeta | undefined {
  if (call.tool !== codeTaskContract.name) return undefined;
  const parsed = CodeTaskMeta.safeParse(call.metadata);
  return parsed.success ? parsed.data : undefined;
}

/** The harness and log a code_task's result names, if it names them. */
function loggedTask(call: ToolCall): { harness: HarnessName; repository: string } | undefined {
  const meta = codeTaskMetaOf(call);
  if (meta === undefined || meta.log_path === null) return undefined;
  return { harness: meta.harness, repository: meta.repository };
}

/** The start and end checkpoints a code_task's result names, if it names both. */
function taskCheckpoints(call: ToolCall): { repository: string; start: string; end: string } | undefined {
  const meta = codeTaskMetaOf(call);
  if (meta === undefined || meta.start_sha === null || meta.end_sha === null) return undefined;
  return { repository: meta.repository, start: meta.start_sha, end: meta.end_sha };
}
